/**
 * A cluster worker for the event relay's test: publishes what the test asks it to through the cluster
 * transport and reports every delivery it receives back to the test.
 */
import { createClusterTransport } from '../events/cluster-transport.js';

const transport = createClusterTransport();
transport.subscribe((id, message) => process.send?.({ kind: 'test:delivered', id, message }));
process.on('message', (value: unknown) => {
  if (
    typeof value === 'object' &&
    value !== null &&
    'publish' in value &&
    typeof value.publish === 'object'
  ) {
    transport.publish(value.publish ?? {});
  }
});
process.send?.({ kind: 'test:ready' });
