import { createHmac, randomUUID } from 'node:crypto';
import { webhookHeaderNames } from '../contract/headers.js';
import type { WebhookRegistration } from '../contract/webhook.js';
import { nowDate } from './dates.js';

export interface Delivery {
  /** The service's numeric id of the event (what its event log lists and resends). */
  id: number;
  /** The registration the event went out under. */
  webhook_id: number;
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
  date_created: string;
  date_last_modified: string;
  /** For a resent copy: the event id it copies (sent as `…Event-Id-Source`). */
  source_event_id?: string;
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
 * Delivers events to the endpoints registered for them, as the service does:
 * one registration per event (`POST /v1/events/webhooks`; registering an
 * event again moves it to the new endpoint), only `ACTIVE` ones deliver. The
 * raw JSON body is signed with HMAC-SHA256 (base64) keyed by the app secret
 * and retried with backoff until the receiver answers 2xx. One event id per
 * event, the same on every retry.
 */
export class WebhookDispatcher {
  /** Registrations by event: the service keeps one per event and app. */
  readonly registrations = new Map<string, WebhookRegistration>();
  readonly log: Delivery[] = [];
  /** Endpoints with retry delays of their own (`POST /__sandbox/webhooks { url, retry_delays_ms }`). */
  readonly retryDelaysFor = new Map<string, number[]>();
  /** What was sent for each event id, so that it can be resent. */
  private readonly sent = new Map<number, { raw: string; headers: Record<string, string> }>();
  private nextEventId = 1;
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<AbortController>();
  private closed = false;
  private nextId = 1;
  private readonly names: ReturnType<typeof webhookHeaderNames>;

  constructor(
    private readonly options: WebhookOptions,
    private readonly appId: number,
  ) {
    this.names = webhookHeaderNames(options.headerPrefix);
  }

  /** Registers `event` at `endpoint`, or moves its registration (or the one `replacing`) there, keeping its id. */
  register(event: string, endpoint: string, status: string = 'ACTIVE', replacing?: WebhookRegistration): WebhookRegistration {
    const now = nowDate();
    const previous = replacing ?? this.registrations.get(event);
    if (replacing) this.registrations.delete(replacing.event);
    const registration: WebhookRegistration = {
      id: previous?.id ?? this.nextId++,
      app_id: this.appId,
      event,
      remote_endpoint: endpoint,
      status,
      date_created: previous?.date_created ?? now,
      date_last_modified: now,
    };
    this.registrations.set(event, registration);
    return registration;
  }

  byId(id: number): WebhookRegistration | undefined {
    return [...this.registrations.values()].find((r) => r.id === id);
  }

  unregister(id: number): boolean {
    const found = this.byId(id);
    if (found) this.registrations.delete(found.event);
    return found !== undefined;
  }

  /** The distinct endpoints something is registered at. */
  endpoints(): string[] {
    return [...new Set([...this.registrations.values()].map((r) => r.remote_endpoint))];
  }

  emit(topic: string, body: unknown, ids: { orderId?: number; bagId?: number; entityId?: string; reason?: string } = {}): void {
    if (this.closed) return;
    const registration = this.registrations.get(topic);
    if (!registration || registration.status !== 'ACTIVE') return;
    const raw = JSON.stringify(body);
    const hmac = createHmac('sha256', this.options.secret).update(raw).digest('base64');
    const delivery = this.record({ webhook_id: registration.id, topic, url: registration.remote_endpoint, order_id: ids.orderId, bag_id: ids.bagId, entity_id: ids.entityId });
    const n = this.names;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [n.hmac]: hmac,
      [n.topic]: topic,
      [n.eventId]: delivery.event_id,
    };
    if (ids.orderId !== undefined) headers[n.orderId] = String(ids.orderId);
    if (ids.bagId !== undefined) headers[n.bagId] = String(ids.bagId);
    if (ids.entityId !== undefined) headers[n.entityId] = ids.entityId;
    if (ids.reason !== undefined) headers[n.reason] = ids.reason;
    this.sent.set(delivery.id, { raw, headers });
    void this.attempt(delivery, raw, headers);
  }

  private record(what: Pick<Delivery, 'webhook_id' | 'topic' | 'url' | 'order_id' | 'bag_id' | 'entity_id' | 'source_event_id'>): Delivery {
    const now = new Date().toISOString();
    const delivery: Delivery = { id: this.nextEventId++, event_id: randomUUID(), attempts: 0, status: 'pending', date_created: now, date_last_modified: now, ...what };
    this.log.push(delivery);
    if (this.log.length > LOG_LIMIT) for (const dropped of this.log.splice(0, this.log.length - LOG_LIMIT)) this.sent.delete(dropped.id);
    return delivery;
  }

  /**
   * Resends event `id` of registration `webhookId` as a copy with a new event id, naming the original in
   * `…Event-Id-Source` (docs.violet.io, "Resend Webhook Event by Event ID"); undefined when there is no such event.
   */
  resend(webhookId: number, id: number): Delivery | undefined {
    const original = this.log.find((d) => d.id === id && d.webhook_id === webhookId);
    const sent = this.sent.get(id);
    if (!original || !sent || this.closed) return undefined;
    const { topic, url, order_id, bag_id, entity_id, event_id } = original;
    const copy = this.record({ webhook_id: webhookId, topic, url, order_id, bag_id, entity_id, source_event_id: event_id });
    const headers = { ...sent.headers, [this.names.eventId]: copy.event_id, [this.names.eventIdSource]: event_id };
    this.sent.set(copy.id, { raw: sent.raw, headers });
    void this.attempt(copy, sent.raw, headers);
    return copy;
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
        headers: { ...headers, [this.names.attempt]: String(delivery.attempts) },
        body: raw,
        signal: abort.signal,
      });
      await res.body?.cancel();
      delivery.last_status = res.status;
      delivery.date_last_modified = new Date().toISOString();
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
    delivery.date_last_modified = new Date().toISOString();
    const delay = (this.retryDelaysFor.get(delivery.url) ?? this.options.retryDelaysMs)[delivery.attempts - 1];
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
