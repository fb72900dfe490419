import { html, nothing, type PropertyValues } from 'lit';
import type { MerchantOnboarding } from '../../contract/operations.js';
import { ApiRequestError, type ToteApi } from '../../state/api-client.js';
import { Loader } from '../../state/loader.js';
import type { OperatorApi } from '../../state/operator-client.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import { OperatorClientCache, operatorErrorMessage } from '../internal/operator.js';
import type { MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import type { MessageKey } from '../../i18n/localize.js';
import {
  ONBOARDING_FIELDS,
  PAYMENT_PROVIDERS,
  emptyOnboarding,
  fieldOfPath,
  onboardingRequest,
  validateField,
  validateOnboarding,
  type FieldProblem,
  type OnboardingField,
  type OnboardingValues,
} from './onboarding-model.js';
import { styles } from './merchant-onboarding.styles.js';
import '../../i18n/areas/operator.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-merchant-onboarding': ToteMerchantOnboarding;
  }
}

const LABEL: Record<OnboardingField, MessageKey> = {
  channel_merchant_id: 'onboardingChannelMerchantId',
  payment_provider: 'onboardingProvider',
  provider_account_id: 'onboardingAccountId',
};

const HINT: Partial<Record<OnboardingField, MessageKey>> = {
  channel_merchant_id: 'onboardingChannelMerchantIdHint',
  provider_account_id: 'onboardingAccountIdHint',
};

const MAX_LENGTH: Partial<Record<OnboardingField, number>> = { channel_merchant_id: 128, payment_provider: 32 };

type Status = 'idle' | 'saved' | 'error';

/** What a field shows under it: a rule it breaks, or the server's own words. */
type FieldError = { problem: FieldProblem } | { server: string };

/**
 * @summary For a channel's operators: records how a merchant is paid out
 * (channel merchant id, payment provider, provider account id) and shows the
 * record the service stored, with its `payment_provider_account_id`.
 *
 * Each field is checked when it is left and again on submit; errors sit next
 * to their field and are announced. Submitting sends
 * `PUT /api/operator/onboarding/:id` with the operator token.
 *
 * @event tote-onboarding-save - The record was stored; detail `{ record }`.
 *
 * @csspart base - The root.
 * @csspart form - The form.
 * @csspart field - One label, input, hint and error.
 * @csspart input - An input or select.
 * @csspart field-error - The error under a field.
 * @csspart submit-button - The submit button.
 * @csspart form-error - The error of the whole submission.
 * @csspart record - The stored record.
 * @csspart account-id - The stored `payment_provider_account_id`.
 *
 * @cssproperty --tote-merchant-onboarding-max-width - Widest the form gets (default 36rem).
 */
export class ToteMerchantOnboarding extends ToteElement {
  static override messageArea: MessageArea = 'operator';

  static override styles = styles;

  static override properties = {
    api: { state: true },
    values: { state: true },
    errors: { state: true },
    status: { state: true },
    formError: { state: true },
    announcement: { state: true },
    merchantOnboardingId: { attribute: 'merchant-onboarding-id', type: Number },
    record: { attribute: false },
    initialValues: { attribute: false },
    endpoint: {},
    token: {},
    fetch: { attribute: false },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  declare private api?: ToteApi;

  readonly #clients = new OperatorClientCache();
  /** Sends the record; a second submit aborts the first, and leaving the page aborts it. */
  readonly #save = new Loader<readonly [OperatorApi, number, OnboardingValues], MerchantOnboarding>(this, {
    autoRun: false,
    task: ([client, id, values], { signal }) => client.onboardMerchant(id, onboardingRequest(id, values), { signal }),
    onComplete: (record) => {
      this.record = record;
      this.status = 'saved';
      this.announcement = this.t('onboardingSaved');
      this.emit('tote-onboarding-save', { record });
    },
    onError: (error) => {
      this.#applyServerFieldErrors(error);
      this.#fail(operatorErrorMessage((k, p) => this.t(k, p), error));
    },
  });

  get #submitting(): boolean {
    return this.#save.status === 1;
  }

  private values: OnboardingValues = emptyOnboarding();
  private errors: Partial<Record<OnboardingField, FieldError>> = {};
  private status: Status = 'idle';
  private formError = '';
  private announcement = '';

  /** The onboarding record's id in the service (`merchant_onboarding_id`). */
  declare merchantOnboardingId?: number;

  /** The stored record; shown below the form, and its values fill the form. Set after a successful submit. */
  declare record?: MerchantOnboarding;

  /** Values to start the form with (e.g. a draft). */
  declare initialValues?: Partial<OnboardingValues>;

  /** Base URL of the BFF; defaults to the provider's endpoint. */
  declare endpoint?: string;

  /** The operator token (`TOTE_OPERATOR_TOKEN`), sent as `Authorization: Bearer`. Prefer the property over the attribute. */
  declare token?: string;

  /** For tests and custom transports: the `fetch` the operator client uses. */
  declare fetch?: typeof globalThis.fetch;

  get #client() {
    return this.#clients.get(this.endpoint ?? this.api?.endpoint, this.token, this.fetch);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('initialValues') && this.initialValues) this.values = { ...this.values, ...this.initialValues };
    if (changed.has('record') && this.record && !this.#submitting) {
      this.values = {
        ...this.values,
        channel_merchant_id: this.record.channel_merchant_id ?? this.values.channel_merchant_id,
        payment_provider: this.record.payout_details?.payment_provider ?? this.values.payment_provider,
      };
    }
  }

  #handleInput(field: OnboardingField, e: Event) {
    this.values = { ...this.values, [field]: (e.target as HTMLInputElement | HTMLSelectElement).value };
    // "Saved" described the values as they were sent; an edit makes them a draft again.
    if (this.status === 'saved') this.status = 'idle';
    // Once a field shows an error, it follows the typing so the error clears as soon as it is fixed.
    if (this.errors[field]) this.#checkField(field);
  }

  #handleBlur(field: OnboardingField) {
    // An untouched empty field is not an error until the form is submitted.
    if (this.values[field] === '' && !this.errors[field]) return;
    this.#checkField(field);
    // Focus has moved on, so the field's own description is not read: say the error out loud.
    const error = this.errors[field];
    if (error) this.announcement = `${this.t(LABEL[field])}: ${this.#errorText(field, error)}`;
  }

  async #handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    await this.submit();
  }

  #checkField(field: OnboardingField) {
    const problem = validateField(field, this.values[field]);
    this.errors = { ...this.errors, [field]: problem ? { problem } : undefined };
  }

  /** Shows every field's error; true when the form is valid. */
  reportValidity(): boolean {
    const problems = validateOnboarding(this.values);
    this.errors = Object.fromEntries(
      ONBOARDING_FIELDS.map((f) => [f, problems[f] ? { problem: problems[f] } : undefined]),
    ) as typeof this.errors;
    const count = Object.keys(problems).length;
    if (count) this.announcement = this.t('onboardingFixFields', { count });
    return count === 0;
  }

  /** Validates, then sends the record; moves focus to the first field in error. */
  async submit(): Promise<void> {
    if (this.#submitting) return;
    this.formError = '';
    if (!this.reportValidity()) {
      await this.updateComplete;
      const first = ONBOARDING_FIELDS.find((f) => this.errors[f]);
      this.renderRoot.querySelector<HTMLElement>(`#${first}`)?.focus();
      return;
    }
    const id = this.merchantOnboardingId;
    const client = this.#client;
    if (id === undefined || !Number.isInteger(id)) return this.#fail(this.t('onboardingNoId'));
    if (!client) return this.#fail(this.t('operatorTokenNeeded'));

    this.status = 'idle';
    this.announcement = this.t('onboardingSubmitting');
    await this.#save.run([client, id, this.values]);
  }

  #fail(message: string) {
    this.status = 'error';
    this.formError = message;
    this.announcement = '';
  }

  #applyServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiRequestError) || !error.fields.length) return;
    const errors = { ...this.errors };
    for (const f of error.fields) {
      const field = fieldOfPath(f.path);
      if (field) errors[field] = { server: f.message };
    }
    this.errors = errors;
  }

  #errorText(field: OnboardingField, error: FieldError): string {
    if ('server' in error) return error.server;
    if (error.problem === 'required') return this.t('fieldRequired');
    if (error.problem === 'too_long') return this.t('fieldTooLong', { max: MAX_LENGTH[field] ?? 0 });
    return this.t('fieldAccountFormat');
  }

  override render() {
    const id = this.merchantOnboardingId;
    return html`<section part="base" class="base" aria-labelledby="title">
      <h2 id="title" class="title">${this.t('onboardingTitle', { id: id ?? '' })}</h2>
      ${id === undefined || !Number.isInteger(id)
        ? html`<p class="form-error" role="alert">${this.t('onboardingNoId')}</p>`
        : this.#renderForm()}
      ${this.record ? this.#renderRecord(this.record) : nothing}
      <p class="sr-only" role="status" aria-live="polite">${this.announcement}</p>
    </section>`;
  }

  #renderForm() {
    const submitting = this.#submitting;
    return html`<form part="form" class="form" novalidate aria-busy=${submitting ? 'true' : 'false'} @submit=${this.#handleSubmit}>
      <p class="intro">${this.t('onboardingIntro')}</p>
      ${this.#renderField('channel_merchant_id')} ${this.#renderField('payment_provider')} ${this.#renderField('provider_account_id')}
      ${this.formError
        ? html`<p part="form-error" class="form-error" role="alert">${this.t('onboardingError')} ${this.formError}</p>`
        : nothing}
      ${this.status === 'saved' ? html`<p class="saved">${this.t('onboardingSaved')}</p>` : nothing}
      <button type="submit" part="submit-button" class="button" aria-disabled=${submitting ? 'true' : 'false'}>
        ${this.t(submitting ? 'onboardingSubmitting' : 'onboardingSubmit')}
      </button>
    </form>`;
  }

  #renderField(field: OnboardingField) {
    const error = this.errors[field];
    const hint = HINT[field];
    const describedBy = [hint ? `${field}-hint` : '', error ? `${field}-error` : ''].filter(Boolean).join(' ');
    const common = {
      id: field,
      invalid: error ? 'true' : 'false',
      describedBy: describedBy || nothing,
    };
    const control =
      field === 'payment_provider'
        ? html`<select
            id=${common.id}
            part="input"
            class="input"
            name=${field}
            required
            aria-invalid=${common.invalid}
            aria-describedby=${common.describedBy}
            ?disabled=${this.#submitting}
            @change=${(e: Event) => this.#handleInput(field, e)}
            @blur=${() => this.#handleBlur(field)}
          >
            <option value="" ?selected=${!this.values[field]}>${this.t('onboardingChooseProvider')}</option>
            ${this.#providerOptions().map(
              (p) => html`<option value=${p} ?selected=${this.values[field].toUpperCase() === p}>${p}</option>`,
            )}
          </select>`
        : html`<input
            id=${common.id}
            part="input"
            class="input"
            name=${field}
            type="text"
            required
            autocomplete="off"
            spellcheck="false"
            aria-invalid=${common.invalid}
            aria-describedby=${common.describedBy}
            ?readonly=${this.#submitting}
            .value=${this.values[field]}
            @input=${(e: Event) => this.#handleInput(field, e)}
            @blur=${() => this.#handleBlur(field)}
          />`;
    return html`<div part="field" class="field" data-field=${field}>
      <label for=${field}>${this.t(LABEL[field])}</label>
      ${hint ? html`<p id="${field}-hint" class="hint">${this.t(hint)}</p>` : nothing} ${control}
      ${error ? html`<p id="${field}-error" part="field-error" class="field-error">${this.#errorText(field, error)}</p>` : nothing}
    </div>`;
  }

  /** The known providers, plus one a stored record or draft names that we don't know. */
  #providerOptions(): string[] {
    const current = this.values.payment_provider.trim().toUpperCase();
    const known: string[] = [...PAYMENT_PROVIDERS];
    return current && !known.includes(current) ? [...known, current] : known;
  }

  #renderRecord(record: MerchantOnboarding) {
    const modified = record.date_last_modified ?? record.date_created;
    const date = modified ? new Date(modified) : undefined;
    const when =
      date && !Number.isNaN(date.getTime())
        ? new Intl.DateTimeFormat(this.effectiveLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
        : undefined;
    const missing = this.t('onboardingNotStored');
    return html`<section part="record" class="record" aria-labelledby="record-title">
      <h3 id="record-title">${this.t('onboardingStored')}</h3>
      <dl>
        <div><dt>${this.t('onboardingRecordId')}</dt><dd>${record.merchant_onboarding_id ?? missing}</dd></div>
        <div><dt>${this.t('onboardingChannelMerchantId')}</dt><dd>${record.channel_merchant_id ?? missing}</dd></div>
        <div><dt>${this.t('onboardingProvider')}</dt><dd>${record.payout_details?.payment_provider ?? missing}</dd></div>
        <div>
          <dt>${this.t('onboardingProviderAccountId')}</dt>
          <dd part="account-id" class="account-id"><code>${record.payout_details?.payment_provider_account_id ?? missing}</code></dd>
        </div>
        ${record.app_id != null ? html`<div><dt>${this.t('onboardingRecordAppId')}</dt><dd>${record.app_id}</dd></div>` : nothing}
        ${when ? html`<div><dt>${this.t('onboardingLastModified')}</dt><dd>${when}</dd></div>` : nothing}
      </dl>
    </section>`;
  }
}

