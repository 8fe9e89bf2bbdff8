/**
 * Prometheus metrics (prom-client), one registry per service instance. Exposed by the API at
 * GET /metrics (X-Admin-Secret) and, for processes without the API role, on METRICS_PORT.
 */
import client from 'prom-client';

export class Metrics {
  readonly registry = new client.Registry();
  readonly httpRequests = new client.Counter({ name: 'http_requests_total', help: 'HTTP requests by route, method, status and error code', labelNames: ['route', 'method', 'status', 'code'], registers: [this.registry] });
  readonly httpDuration = new client.Histogram({ name: 'http_request_duration_seconds', help: 'HTTP request latency by route', labelNames: ['route', 'method'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120], registers: [this.registry] });
  readonly jobDuration = new client.Histogram({ name: 'job_duration_seconds', help: 'Worker job latency by queue and outcome', labelNames: ['queue', 'outcome'], buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120], registers: [this.registry] });
  readonly reservations = new client.Counter({ name: 'ledger_reservations_total', help: 'Word reservations taken', registers: [this.registry] });
  readonly charges = new client.Counter({ name: 'ledger_charges_total', help: 'Reservations settled as charges', registers: [this.registry] });
  readonly refunds = new client.Counter({ name: 'ledger_refunds_total', help: 'Reservations settled as refunds', registers: [this.registry] });
  readonly wordsCharged = new client.Counter({ name: 'ledger_words_charged_total', help: 'Words charged', registers: [this.registry] });
  readonly reservationsSwept = new client.Counter({ name: 'ledger_reservations_swept_total', help: 'Reservations left open past their deadline and the sweep margin, refunded by the sweeper (RESERVATION_EXPIRED)', registers: [this.registry] });
  readonly streamsCancelled = new client.Counter({ name: 'sse_streams_cancelled_total', help: 'Streams cancelled by their client after output was sent, and refunded (token-streaming providers), by account', labelNames: ['account'], registers: [this.registry] });
  readonly sseOpen = new client.Gauge({ name: 'sse_streams_open', help: 'SSE streams currently open', registers: [this.registry] });
  readonly appendDuration = new client.Histogram({ name: 'eventstore_append_duration_seconds', help: 'Event store append latency', buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1], registers: [this.registry] });
  readonly conflictRetries = new client.Counter({ name: 'eventstore_conflict_retries_total', help: 'Appends retried after an expected-revision conflict', registers: [this.registry] });

  constructor(sources: {
    queueDepth?: () => Promise<Record<string, number>>;
    projectionLag?: () => Promise<Array<{ name: string; events: number; seconds: number }>>;
  } = {}) {
    client.collectDefaultMetrics({ register: this.registry });
    const { queueDepth, projectionLag } = sources;
    if (queueDepth) {
      new client.Gauge({
        name: 'queue_depth', help: 'Jobs waiting per queue', labelNames: ['queue'], registers: [this.registry],
        async collect() {
          const depth = await queueDepth().catch(() => ({} as Record<string, number>));
          for (const [queue, n] of Object.entries(depth)) this.set({ queue }, n);
        },
      });
    }
    if (projectionLag) {
      // One lag lookup per scrape fills both gauges; the seconds gauge is registered after the events
      // gauge, whose collect runs first.
      let seconds: client.Gauge | undefined;
      new client.Gauge({
        name: 'projection_lag_events', help: 'Events a projection is behind the log head', labelNames: ['projection'], registers: [this.registry],
        async collect() {
          const lag = await projectionLag().catch(() => []);
          for (const p of lag) { this.set({ projection: p.name }, p.events); seconds?.set({ projection: p.name }, p.seconds); }
        },
      });
      seconds = new client.Gauge({ name: 'projection_lag_seconds', help: 'Age of the oldest event a projection has not applied', labelNames: ['projection'], registers: [this.registry] });
    }
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
