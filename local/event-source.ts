// What the local stand-ins for Lambda's event sources (the SQS poller, the scheduler) share: the
// function each invokes and where its errors go, and how each is stopped.

export interface InvokedFunction<Handler> {
  functionName: string;
  handler: Handler;
  onError: (error: unknown) => void;
}

export interface EventSource {
  /** Ends the source and waits for an invocation still going. */
  stop(): Promise<void>;
}
