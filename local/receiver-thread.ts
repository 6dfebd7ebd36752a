// The example webhook receiver on a thread of its own (see thread.ts): it stands for the caller's
// system, which shares nothing with the service but the network, and its work (checking signatures,
// writing files) no longer waits behind the service's.
import { handlerLoader, httpLambdaOf } from '#local/handlers.ts';
import { startGateway } from '#local/http-gateway.ts';
import { serveThread } from '#local/thread.ts';
import { apis } from '../shared/manifest.ts';

await serveThread(async (options: { host: string; port: number }) => {
  const gateway = await startGateway(apis.receiver, httpLambdaOf(handlerLoader()), options);
  return { ready: gateway.url, stop: () => gateway.close() };
});
