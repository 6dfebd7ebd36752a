import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** The API Gateway HTTP API event, with what the shared middlewares add to it. */
export interface ApiEvent extends APIGatewayProxyEventV2 {
  requestId?: string;
  /** Set by `authenticate`: the client whose API key signed the request. */
  clientId?: string;
  /** Set by `jsonBody`: the parsed request body. */
  json?: unknown;
}

/** What a handler returns; `envelope` turns it into the HTTP response. */
export type ApiResult =
  | { status: number; message: string; data: unknown; headers?: Record<string, string> }
  | { status: number; raw: Uint8Array; contentType: string; headers?: Record<string, string> };

export type ApiResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

export type ApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;
