import { describe, expect, it } from 'vitest';
import { inProcessTransport, withLocalDelivery, type LiveMessage } from './transport.js';

describe('withLocalDelivery', () => {
  it("hears this process's own messages before publish returns, and the transport's delivery after", async () => {
    const transport = withLocalDelivery(inProcessTransport());
    const heard: string[] = [];
    transport.onPublished((message) => heard.push(`at once: ${message.type}`));
    const delivered = new Promise<void>((resolve) =>
      transport.subscribe((_id, message) => {
        heard.push(`delivered: ${message.type}`);
        resolve();
      }),
    );
    const revoked: LiveMessage = { type: 'tokens-revoked', tokenIds: ['t1'] };
    transport.publish(revoked);
    expect(heard).toEqual(['at once: tokens-revoked']);
    await delivered;
    expect(heard).toEqual(['at once: tokens-revoked', 'delivered: tokens-revoked']);
    await transport.close();
  });
});
