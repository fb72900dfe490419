import { html, nothing, type PropertyValues } from 'lit';
import { live } from 'lit/directives/live.js';
import {
  ADDRESS_FIELDS,
  type AddressDraft,
  type AddressField,
  type AddressProblems,
  type FieldProblem,
  checkAddress,
  emptyAddress,
  toAddressDraft,
} from '../../state/checkout-address.js';
import { SHIPPING_COUNTRIES, regionRequired } from '../../state/checkout-postal.js';
import type { MessageKey } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { addressFormStyles } from './address-form.styles.js';
import '../../i18n/areas/checkout.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-address-form': ToteAddressForm;
  }
}

type Section = 'shipping' | 'billing';

const LABELS: Record<AddressField, MessageKey> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  address_1: 'address1',
  address_2: 'address2',
  city: 'city',
  state: 'region',
  postal_code: 'postalCode',
  country: 'country',
};

const AUTOCOMPLETE: Record<AddressField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  address_1: 'address-line1',
  address_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  country: 'country',
};

const INPUT_TYPE: Partial<Record<AddressField, string>> = { email: 'email', phone: 'tel' };
const WIDE: ReadonlySet<AddressField> = new Set(['email', 'address_1', 'address_2']);
/** A billing address needs no email or phone: the shipping address carries the contact. */
const BILLING_FIELDS = ADDRESS_FIELDS.filter((f) => f !== 'email' && f !== 'phone');

/**
 * @summary The shopper's shipping address (and billing address, "same as shipping" by default) as a
 * form-associated element: it takes part in a surrounding `<form>`, reports its validity through
 * `ElementInternals`, checks postal codes by country, shows each error next to its field and announces it.
 *
 * @event change - A field changed; read `value`, `billing` and `billingSameAsShipping`.
 * @event input - Bubbles from the fields as the shopper types.
 *
 * @csspart base - The root.
 * @csspart shipping - The shipping address fieldset.
 * @csspart billing - The billing address fieldset.
 * @csspart field - Each label + input + error group.
 * @csspart error - Each field's error text.
 */
export class ToteAddressForm extends ToteElement {
  static override styles = addressFormStyles;
  static formAssociated = true;
  static override shadowRootOptions: ShadowRootInit = { ...ToteElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    value: { attribute: false },
    billing: { attribute: false },
    billingSameAsShipping: { attribute: false },
    name: { reflect: true },
    disabled: { type: Boolean, reflect: true },
    touched: { state: true },
    showAll: { state: true },
    announcement: { state: true },
  };

  readonly #internals: ElementInternals = this.attachInternals();

  /** The shipping address with contact (name, email, phone). */
  value: AddressDraft = emptyAddress();
  /** The billing address, used when `billingSameAsShipping` is false. */
  billing: AddressDraft = emptyAddress();
  /** Billing is the shipping address (the default). */
  billingSameAsShipping = true;
  /** Form field name; the form data carries `<name>.<field>` entries. */
  name = 'address';
  /** Disables every field. */
  disabled = false;

  /** Fields the shopper has left, whose errors are shown. */
  private touched = new Set<string>();
  private showAll = false;
  private announcement = '';

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
    if (changed.has('value')) this.value = toAddressDraft(this.value);
    if (changed.has('billing')) this.billing = toAddressDraft(this.billing);
  }

  protected override updated(): void {
    this.#syncForm();
  }

  /** Problems of both addresses, keyed `shipping.<field>` / `billing.<field>`. */
  #problems(): Map<string, FieldProblem> {
    const out = new Map<string, FieldProblem>();
    const add = (section: Section, problems: AddressProblems) => {
      for (const [field, problem] of Object.entries(problems)) out.set(`${section}.${field}`, problem);
    };
    add('shipping', checkAddress(this.value, true));
    if (!this.billingSameAsShipping) add('billing', checkAddress(this.billing, false));
    return out;
  }

  #syncForm(): void {
    const data = new FormData();
    for (const f of ADDRESS_FIELDS) data.append(`${this.name}.${f}`, this.value[f]);
    data.append(`${this.name}.billing_same_as_shipping`, String(this.billingSameAsShipping));
    if (!this.billingSameAsShipping) for (const f of BILLING_FIELDS) data.append(`${this.name}.billing.${f}`, this.billing[f]);
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
      toAddressDraft(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, stateValue.get(`${prefix}${f}`) ?? undefined])));
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
    if (e.type === 'change') {
      this.touched = new Set(this.touched).add(`${section}.${field}`);
      // The postal code's rule depends on the country.
      if (field === 'country') this.touched.add(`${section}.postal_code`);
      this.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  #handleBlur(section: Section, field: AddressField) {
    if (!this.touched.has(`${section}.${field}`)) this.touched = new Set(this.touched).add(`${section}.${field}`);
  }

  #handleSame(e: Event) {
    this.billingSameAsShipping = (e.target as HTMLInputElement).checked;
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  #problemText(field: AddressField, problem: FieldProblem): string {
    switch (problem.code) {
      case 'required':
        return this.t('errRequired', { field: this.t(LABELS[field]).toLowerCase() });
      case 'too_long':
        return this.t('errTooLong', { max: problem.max });
      case 'email':
        return this.t('errEmail');
      case 'phone':
        return this.t('errPhone');
      case 'postal_code':
        return this.t('errPostal', { example: problem.example ?? '' });
      case 'country':
        return this.t('errCountry');
    }
  }

  override render() {
    const problems = this.#problems();
    return html`<div part="base">
      <p class="summary" role="alert">${this.announcement && problems.size ? this.announcement : ''}</p>
      <fieldset part="shipping" ?disabled=${this.disabled}>
        <legend>${this.t('shippingAddress')}</legend>
        ${ADDRESS_FIELDS.map((f) => this.#renderField('shipping', f, this.value, problems))}
      </fieldset>
      <label class="check">
        <input type="checkbox" .checked=${live(this.billingSameAsShipping)} ?disabled=${this.disabled} @change=${this.#handleSame} />
        ${this.t('sameAsShipping')}
      </label>
      ${this.billingSameAsShipping
        ? nothing
        : html`<fieldset part="billing" ?disabled=${this.disabled}>
            <legend>${this.t('billingAddress')}</legend>
            ${BILLING_FIELDS.map((f) => this.#renderField('billing', f, this.billing, problems))}
          </fieldset>`}
    </div>`;
  }

  #renderField(section: Section, field: AddressField, draft: AddressDraft, problems: Map<string, FieldProblem>) {
    const key = `${section}.${field}`;
    const id = `${section}-${field}`;
    const problem = problems.get(key);
    const shown = problem && (this.showAll || this.touched.has(key)) ? this.#problemText(field, problem) : '';
    const optional =
      field === 'address_2' || field === 'phone' || (field === 'state' && !regionRequired(draft.country)) ||
      (section === 'billing' && (field === 'first_name' || field === 'last_name'));
    const describedBy = [`${id}-error`, optional ? `${id}-hint` : ''].filter(Boolean).join(' ');
    const autocomplete = section === 'billing' ? `billing ${AUTOCOMPLETE[field]}` : AUTOCOMPLETE[field];
    const onInput = (e: Event) => this.#handleInput(section, field, e);
    return html`<div class="field ${WIDE.has(field) ? 'wide' : ''}" part="field">
      <div class="label-row">
        <label for=${id}>${this.t(LABELS[field])}</label>
        ${optional ? html`<span class="hint" id=${`${id}-hint`}>${this.t('optional')}</span>` : nothing}
      </div>
      ${field === 'country'
        ? this.#renderCountry(id, draft.country, autocomplete, describedBy, !!shown, onInput)
        : html`<input
            id=${id}
            name=${field}
            type=${INPUT_TYPE[field] ?? 'text'}
            autocomplete=${autocomplete}
            .value=${live(draft[field])}
            aria-required=${optional ? 'false' : 'true'}
            aria-invalid=${shown ? 'true' : 'false'}
            aria-describedby=${describedBy}
            @input=${onInput}
            @change=${onInput}
            @blur=${() => this.#handleBlur(section, field)}
          />`}
      <p class="error" part="error" id=${`${id}-error`} aria-live="polite">${shown}</p>
    </div>`;
  }

  #renderCountry(id: string, value: string, autocomplete: string, describedBy: string, invalid: boolean, onInput: (e: Event) => void) {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([this.effectiveLocale, 'en'], { type: 'region' });
    } catch {
      names = undefined;
    }
    const code = value.toUpperCase();
    const codes = SHIPPING_COUNTRIES.includes(code) || !/^[A-Z]{2}$/.test(code) ? SHIPPING_COUNTRIES : [...SHIPPING_COUNTRIES, code];
    const options = codes
      .map((c) => ({ code: c, name: names?.of(c) ?? c }))
      .sort((a, b) => a.name.localeCompare(b.name, this.effectiveLocale));
    return html`<select
      id=${id}
      name="country"
      autocomplete=${autocomplete}
      aria-required="true"
      aria-invalid=${invalid ? 'true' : 'false'}
      aria-describedby=${describedBy}
      @change=${onInput}
    >
      ${options.map((o) => html`<option value=${o.code} ?selected=${o.code === code}>${o.name}</option>`)}
    </select>`;
  }
}

