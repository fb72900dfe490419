import { html, nothing, type PropertyValues } from 'lit';
import { Loader } from '../../../state/loader.js';
import type { AddressFormat } from '../../../contract/address.js';
import type { AddressAdapter } from '../../controller/address-adapter.js';
import type { ToteApi } from '../../../state/api-client.js';
import { knownAddressFormat, loadAddressFormat } from '../../rules/address-format.js';
import {
  ADDRESS_FIELDS,
  type AddressDraft,
  type AddressField,
  type AddressProblems,
  type FieldProblem,
  checkAddress,
  emptyAddress,
  isRequired,
  toAddressDraft,
} from '../../rules/checkout-address.js';
import type { ProvidedName } from '../../../elements/internal/provider-controller.js';
import type { MessageKey } from '../../../i18n/localize.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { addressFormStyles } from './address-form.styles.js';
import { type FieldView, type Section, countryOptions, fieldsOf, labelOf, regionOptions, renderField, renderInput, renderSelect } from './address-fields.js';
import '../../../i18n/areas/checkout.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-address-form': ToteAddressForm;
  }
}

/** The BFF's words for a refused field (`fields[].message` of a quote's 400) → the shopper's. */
const SERVER_PROBLEM: Record<string, MessageKey> = {
  invalid_postal_code: 'errPostal',
  invalid_phone: 'errPhone',
  unknown_region: 'errRegion',
  unknown_country: 'errCountry',
  invalid_characters: 'errCharacters',
};

type ServerProblem = { code: 'server'; key: MessageKey };
type Problems = Map<string, FieldProblem | ServerProblem>;

/** The region of a locale (`pt-BR` → BR, `ja` → JP by its likely region), or undefined. */
function localeCountry(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * @summary The shopper's shipping address (and billing address, "same as shipping" by default) as a
 * form-associated element. The country comes first and decides the rest: the fields, their order, labels
 * and rules come from the BFF one country at a time (`GET /api/address-format/:country`). Errors show after
 * the shopper leaves a field they changed, or on submit; the BFF's own refusals (postcode, phone, region)
 * show on their fields too.
 *
 * @event change - A field changed; read `value`, `billing` and `billingSameAsShipping`.
 * @event input - Bubbles from the fields as the shopper types.
 *
 * @csspart base - The root.
 * @csspart shipping - The shipping address fieldset.
 * @csspart billing - The billing address fieldset.
 * @csspart field - Each label + input + error group.
 * @csspart error - Each field's error text.
 *
 * @slot address - The address adapter's fields (`adapter`), e.g. Stripe's Address Element.
 */
export class ToteAddressForm extends ToteElement {
  static override styles = addressFormStyles;
  static formAssociated = true;
  static override shadowRootOptions: ShadowRootInit = { ...ToteElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    value: { attribute: false },
    billing: { attribute: false },
    billingSameAsShipping: { attribute: false },
    errors: { attribute: false },
    api: { attribute: false },
    adapter: { attribute: false },
    container: { attribute: false },
    name: { reflect: true },
    defaultCountry: { attribute: 'default-country' },
    disabled: { type: Boolean, reflect: true },
    touched: { state: true },
    showAll: { state: true },
    announcement: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  readonly #internals: ElementInternals = this.attachInternals();

  /** The shipping address with contact (name, email, phone). */
  value: AddressDraft = emptyAddress('');
  /** The billing address, used when `billingSameAsShipping` is false. */
  billing: AddressDraft = emptyAddress('');
  /** Billing is the shipping address (the default). */
  billingSameAsShipping = true;
  /** The BFF's refusals by field (`shipping.postal_code` → `invalid_postal_code`); each shows until that field changes. */
  errors: Record<string, string> = {};
  /** The BFF client that serves the countries' forms; taken from `<tote-provider>` when not set. */
  declare api?: ToteApi;
  /** An address provider with autocomplete; its fields replace the name, address and phone fields (default: none, the browser's autofill). */
  declare adapter?: AddressAdapter;
  /** The light-DOM element the adapter mounts into (slotted as `address`): providers' iframes refuse shadow roots. */
  declare container?: HTMLElement;
  /** Form field name; the form data carries `<name>.<field>` entries. */
  name = 'address';
  /** The shop's country, chosen when the address has none; else the page's locale's. */
  defaultCountry = '';
  /** Disables every field. */
  disabled = false;

  /** Fields the shopper changed and left, whose errors are shown. */
  private touched = new Set<string>();
  private showAll = false;
  private announcement = '';
  readonly #t = (k: MessageKey, p?: Record<string, string | number>) => this.t(k, p);
  /** BFF refusals whose field changed since: the shopper's new value is checked here again. */
  #answered = new Set<string>();

  // Each address's country form, loaded from the BFF when its country changes (once per page and country).
  readonly #formats = new Loader(this, {
    args: () => [this.api, this.value.country, this.billingSameAsShipping ? '' : this.billing.country] as const,
    task: ([api, ...countries]) => Promise.all(countries.map((c) => (api && /^[A-Za-z]{2}$/.test(c) ? loadAddressFormat(api, c) : undefined))),
  });

  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }
  get validity(): ValidityState {
    return this.#internals.validity;
  }
  get validationMessage(): string {
    return this.#internals.validationMessage;
  }
  get willValidate(): boolean {
    return this.#internals.willValidate;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Host-supplied values are untrusted: keep known string fields only.
    if (changed.has('value')) this.value = toAddressDraft(this.value, '');
    if (changed.has('billing')) this.billing = toAddressDraft(this.billing, '');
    if (changed.has('errors')) this.#answered = new Set();
    const country = (this.defaultCountry || localeCountry(this.effectiveLocale) || 'US').toUpperCase();
    if (!this.value.country) this.value = { ...this.value, country };
    if (!this.billing.country) this.billing = { ...this.billing, country: this.value.country };
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.#syncForm();
    if ((changed.has('adapter') || changed.has('container')) && this.adapter && this.container) void this.#mountAdapter(this.adapter, this.container);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.adapter?.unmount?.();
  }

  async #mountAdapter(adapter: AddressAdapter, container: HTMLElement): Promise<void> {
    await adapter.mount(container, this.value, ({ address }) => {
      this.value = { ...this.value, ...address };
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }

  #draft(section: Section): AddressDraft {
    return section === 'shipping' ? this.value : this.billing;
  }

  #format(section: Section): AddressFormat | undefined {
    return knownAddressFormat(this.#draft(section).country);
  }

  /** Problems of both addresses, keyed `shipping.<field>` / `billing.<field>`: the BFF's refusals, then the form's own checks. */
  #problems(): Problems {
    const out = new Map<string, FieldProblem | ServerProblem>();
    const add = (section: Section, problems: AddressProblems) => {
      for (const field of fieldsOf(section, this.#format(section))) {
        const key = `${section}.${field}`;
        const server = this.errors[key];
        if (server && !this.#answered.has(key)) out.set(key, { code: 'server', key: SERVER_PROBLEM[server] ?? 'errRegion' });
        else if (problems[field]) out.set(key, problems[field]);
      }
    };
    add('shipping', checkAddress(this.value, true));
    if (!this.billingSameAsShipping) add('billing', checkAddress(this.billing, false));
    return out;
  }

  #syncForm(): void {
    const data = new FormData();
    for (const f of ADDRESS_FIELDS) data.append(`${this.name}.${f}`, this.value[f]);
    data.append(`${this.name}.billing_same_as_shipping`, String(this.billingSameAsShipping));
    if (!this.billingSameAsShipping) for (const f of ADDRESS_FIELDS) if (f !== 'email' && f !== 'phone') data.append(`${this.name}.billing.${f}`, this.billing[f]);
    this.#internals.setFormValue(data);
    const problems = this.#problems();
    const first = problems.keys().next().value;
    if (first) {
      const anchor = this.renderRoot.querySelector<HTMLElement>(`#${first.replace('.', '-')}`) ?? undefined;
      this.#internals.setValidity({ customError: true }, this.t('formHasErrors', { count: problems.size }), anchor);
    } else this.#internals.setValidity({});
  }

  checkValidity(): boolean {
    this.#syncForm();
    return this.#internals.checkValidity();
  }

  /** Shows every error, announces how many there are and moves focus to the first. */
  reportValidity(): boolean {
    this.#syncForm();
    const problems = this.#problems();
    this.showAll = true;
    this.announcement = problems.size ? this.t('formHasErrors', { count: problems.size }) : '';
    if (problems.size) {
      const first = problems.keys().next().value!;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#${first.replace('.', '-')}`)?.focus());
    }
    return problems.size === 0;
  }

  formResetCallback(): void {
    this.value = emptyAddress(this.value.country);
    this.billing = emptyAddress(this.billing.country);
    this.billingSameAsShipping = true;
    this.touched = new Set();
    this.showAll = false;
  }

  formStateRestoreCallback(stateValue: unknown): void {
    if (!(stateValue instanceof FormData)) return;
    const read = (prefix: string) =>
      toAddressDraft(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, stateValue.get(`${prefix}${f}`) ?? undefined])), '');
    this.value = read(`${this.name}.`);
    this.billingSameAsShipping = stateValue.get(`${this.name}.billing_same_as_shipping`) !== 'false';
    this.billing = read(`${this.name}.billing.`);
  }

  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  #handleInput(section: Section, field: AddressField, e: Event) {
    const v = (e.target as HTMLInputElement | HTMLSelectElement).value;
    if (section === 'shipping') this.value = { ...this.value, [field]: v };
    else this.billing = { ...this.billing, [field]: v };
    const key = `${section}.${field}`;
    // An edit answers the BFF's refusal of the field (a pick from a list is one). Leaving a text field does not:
    // the refusal may have come while the shopper paused in it, and `change` then fires for the refused value.
    if (e.type !== 'change' || e.target instanceof HTMLSelectElement) this.#answered.add(key);
    if (e.type !== 'change') return;
    // `change` fires when the shopper leaves a field whose value changed (or picks from a list): only then is its
    // error shown. A field merely tabbed past never fires it.
    this.touched = new Set(this.touched).add(key);
    if (field === 'country') {
      // Another country: its own region list and postal rule apply, and the old region means nothing there.
      this.#draft(section).state = '';
      this.touched.delete(`${section}.state`);
    }
    const problem = this.#problems().get(key);
    this.announcement = problem ? `${labelOf(this.#t, field, this.#format(section))}: ${this.#problemText(section, field, problem)}` : '';
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  #handleSame(e: Event) {
    this.billingSameAsShipping = (e.target as HTMLInputElement).checked;
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  #problemText(section: Section, field: AddressField, problem: FieldProblem | ServerProblem): string {
    const format = this.#format(section);
    switch (problem.code) {
      case 'server':
        return this.t(problem.key, { example: format?.postal_example ?? '' });
      case 'required':
        return this.t('errRequired', { field: labelOf(this.#t, field, format).toLowerCase() });
      case 'too_long':
        return this.t('errTooLong', { max: problem.max });
      case 'email':
        return this.t('errEmail');
      case 'postal_code':
        return this.t('errPostal', { example: problem.example ?? '' });
      case 'country':
        return this.t('errCountry');
    }
  }

  override render() {
    const problems = this.#problems();
    return html`<div part="base">
      <p class="sr-only" role="status">${this.announcement}</p>
      ${this.#renderSection('shipping', problems)}
      <label class="check">
        <input type="checkbox" .checked=${this.billingSameAsShipping} ?disabled=${this.disabled} @change=${this.#handleSame} />
        ${this.t('sameAsShipping')}
      </label>
      ${this.billingSameAsShipping ? nothing : this.#renderSection('billing', problems)}
    </div>`;
  }

  #renderSection(section: Section, problems: Problems) {
    const format = this.#format(section);
    // With an adapter its fields take the shipping address; the email stays Tote's, the BFF's refusals show below them.
    const adapted = section === 'shipping' && this.adapter;
    const fields = adapted ? (['email'] as const) : fieldsOf(section, format);
    return html`<fieldset part=${section} ?disabled=${this.disabled}>
      <legend>${this.t(section === 'shipping' ? 'shippingAddress' : 'billingAddress')}</legend>
      ${adapted ? html`<slot name="address" class="wide"></slot>` : nothing}
      ${fields.map((f) => this.#renderField(section, f, format, problems))}
      ${adapted
        ? html`<p class="error wide" part="error">${[...problems].filter(([, p]) => p.code === 'server').map(([k, p]) => this.#problemText(section, k.slice(9) as AddressField, p)).join(' ')}</p>`
        : nothing}
    </fieldset>`;
  }

  #renderField(section: Section, field: AddressField, format: AddressFormat | undefined, problems: Problems) {
    const key = `${section}.${field}`;
    const draft = this.#draft(section);
    const problem = problems.get(key);
    const server = problem?.code === 'server';
    const shown = problem && (server || this.showAll || this.touched.has(key)) ? this.#problemText(section, field, problem) : '';
    const t = this.#t;
    const view: FieldView = {
      id: `${section}-${field}`,
      section,
      field,
      draft,
      label: labelOf(t, field, format),
      optional: !isRequired(draft, field, section === 'shipping'),
      error: shown,
      onInput: (e: Event) => this.#handleInput(section, field, e),
    };
    if (field === 'country') return renderField(t, view, renderSelect(view, countryOptions(format?.countries ?? [], draft.country.toUpperCase(), this.effectiveLocale)));
    if (field === 'state' && format?.regions.length) return renderField(t, view, renderSelect(view, regionOptions(format, this.effectiveLocale)));
    return renderField(t, view, renderInput(view));
  }
}
