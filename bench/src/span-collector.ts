import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One finished span as the OTLP/HTTP JSON exporter sends it, times in milliseconds. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  startMs: number;
  endMs: number;
}

interface OtlpJsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
}

interface OtlpJsonBody {
  resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpJsonSpan[] }> }>;
}

const ms = (nanos: string | number): number => Number(BigInt(nanos) / 1000n) / 1000;

/**
 * A minimal OTLP/HTTP (JSON) trace receiver: the API process exports its
 * spans here (OTEL_EXPORTER_OTLP_ENDPOINT) so the bench can say where a
 * request's milliseconds go, from the same spans an operator's collector sees.
 */
export class SpanCollector {
  private constructor(
    private readonly server: Server,
    readonly endpoint: string,
    readonly spans: CollectedSpan[],
  ) {}

  static async start(): Promise<SpanCollector> {
    const spans: CollectedSpan[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as OtlpJsonBody;
        for (const resource of body.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                startMs: ms(span.startTimeUnixNano),
                endMs: ms(span.endTimeUnixNano),
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SpanCollector(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans);
  }

  /** Spans grouped by trace, for the traces whose root is an HTTP request named `rootName`. */
  traces(rootName: string): CollectedSpan[][] {
    const byTrace = new Map<string, CollectedSpan[]>();
    for (const span of this.spans) {
      const list = byTrace.get(span.traceId) ?? [];
      list.push(span);
      byTrace.set(span.traceId, list);
    }
    return [...byTrace.values()].filter((spans) => spans.some((s) => s.name === rootName));
  }

  clear(): void {
    this.spans.length = 0;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}
