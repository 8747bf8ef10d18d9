import { createServer } from 'node:http';
import {
  parseWebhookEvent,
  WebhookVerificationError,
} from '@specbound/bugsmash';

// Your endpoint: verify the signature over the raw body,
// then act on the typed event.
createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req)
    chunks.push(chunk as Buffer);
  try {
    const event = await parseWebhookEvent({
      rawBody: Buffer.concat(chunks),
      headers: req.headers,
      secret: process.env.BUGSMASH_WEBHOOK_SECRET ?? '',
    });
    if (event.type === 'comment_updated')
      console.log(event.payload);
    res.writeHead(204).end();
  } catch (error) {
    if (!(error instanceof WebhookVerificationError))
      throw error;
    res.writeHead(401).end(error.reason);
  }
}).listen(8080);
