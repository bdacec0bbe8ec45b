/**
 * A cluster worker for the tests of events between workers: publishes, takes and releases stream
 * slots as the test asks, through the real cluster transport, and reports what it gets back.
 */
import { clusterStreamSlots, createClusterTransport } from '../platform/live/cluster-transport.js';
import { isLiveMessage } from '../platform/live/messages.js';

const transport = createClusterTransport();
const slots = clusterStreamSlots(5);
transport.subscribe((id, message) => process.send?.({ kind: 'test:delivered', id, message }));
process.on('message', (value: unknown) => {
  if (typeof value !== 'object' || value === null) return;
  if ('publish' in value && isLiveMessage(value.publish)) transport.publish(value.publish);
  if ('take' in value && typeof value.take === 'string') {
    const streamId = value.take;
    void slots
      .take('someone', streamId)
      .then((granted) => process.send?.({ kind: 'test:took', streamId, granted }));
  }
  if ('release' in value && typeof value.release === 'string') void slots.release('someone', value.release);
});
process.send?.({ kind: 'test:ready' });
