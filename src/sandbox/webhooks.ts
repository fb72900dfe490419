import { createHmac, randomUUID } from 'node:crypto';

export interface Delivery {
  event_id: string;
  topic: string;
  url: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  last_status?: number;
  last_error?: string;
  order_id?: number;
  bag_id?: number;
  entity_id?: string;
}

export interface WebhookOptions {
  secret: string;
  /** Delays before each retry; the number of entries is the number of retries. */
  retryDelaysMs: number[];
  timeoutMs: number;
  /** Prefix of the delivery headers. Default `X-Service-`. */
  headerPrefix?: string;
}

/** How many finished deliveries the log keeps. */
const LOG_LIMIT = 1000;

/**
 * Delivers events to registered receivers: the raw JSON body signed with
 * HMAC-SHA256 (base64) keyed by the app secret, retried with backoff until a
 * receiver answers 2xx. One event id per event, the same on every retry.
 */
export class WebhookDispatcher {
  readonly urls = new Set<string>();
  readonly log: Delivery[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookOptions) {}

  emit(topic: string, body: unknown, ids: { orderId?: number; bagId?: number; entityId?: string; reason?: string } = {}): void {
    if (this.closed) return;
    const raw = JSON.stringify(body);
    const hmac = createHmac('sha256', this.options.secret).update(raw).digest('base64');
    for (const url of this.urls) {
      const delivery: Delivery = {
        event_id: randomUUID(),
        topic,
        url,
        attempts: 0,
        status: 'pending',
        order_id: ids.orderId,
        bag_id: ids.bagId,
        entity_id: ids.entityId,
      };
      this.log.push(delivery);
      if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
      const p = (this.options.headerPrefix ?? 'X-Service-').toLowerCase();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        [`${p}hmac`]: hmac,
        [`${p}topic`]: topic,
        [`${p}event-id`]: delivery.event_id,
      };
      if (ids.orderId !== undefined) headers[`${p}order-id`] = String(ids.orderId);
      if (ids.bagId !== undefined) headers[`${p}bag-id`] = String(ids.bagId);
      if (ids.entityId !== undefined) headers[`${p}entity-id`] = ids.entityId;
      if (ids.reason !== undefined) headers[`${p}reason`] = ids.reason;
      void this.attempt(delivery, raw, headers);
    }
  }

  private async attempt(delivery: Delivery, raw: string, headers: Record<string, string>): Promise<void> {
    if (this.closed) return;
    delivery.attempts++;
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(), this.options.timeoutMs);
    try {
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers: { ...headers, [`${(this.options.headerPrefix ?? 'X-Service-').toLowerCase()}attempt`]: String(delivery.attempts) },
        body: raw,
        signal: abort.signal,
      });
      await res.body?.cancel();
      delivery.last_status = res.status;
      if (res.ok) {
        delivery.status = 'delivered';
        return;
      }
      delivery.last_error = `HTTP ${res.status}`;
    } catch (e) {
      delivery.last_error = (e as Error).message;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(abort);
    }
    const delay = this.options.retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined || this.closed) {
      delivery.status = 'failed';
      return;
    }
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      void this.attempt(delivery, raw, headers);
    }, delay);
    retry.unref();
    this.timers.add(retry);
  }

  /** Drops pending retries (reset keeps the registered receivers). */
  cancelPending(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const d of this.log) if (d.status === 'pending') d.status = 'failed';
  }

  close(): void {
    this.closed = true;
    this.cancelPending();
    for (const a of this.inFlight) a.abort();
  }
}
