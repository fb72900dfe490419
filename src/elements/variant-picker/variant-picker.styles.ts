import { css } from 'lit';

export const variantPickerStyles = css`
  :host {
    display: block;
    background: var(--tote-variant-picker-background, var(--_bg));
    --_chip-selected: var(--tote-variant-picker-selected-color, var(--_primary));
  }
  .picker {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space-6);
  }
  @container (min-width: 560px) {
    .picker {
      grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
    }
  }
  .frame {
    container-type: inline-size;
  }
  /* One column (a phone): a shorter image keeps the choices and "Add to cart" in view. */
  @container (max-width: 559px) {
    .media {
      aspect-ratio: 16 / 10;
      max-height: 28vh;
      width: 100%;
    }
    .picker {
      gap: var(--_space-4);
    }
  }
  .media {
    aspect-ratio: 1 / 1;
    border-radius: var(--_radius-m);
    background: var(--_bg-muted);
    overflow: hidden;
  }
  .media img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .no-image {
    display: grid;
    place-items: center;
    height: 100%;
    color: var(--_fg-muted);
  }
  /* A one-column grid, not a column flexbox: WebKit (2.50) reused the heights
     its column flexbox had measured while the picker's grid tried out the
     column's width, so the picker (and its dialog) came out 56 px too tall
     until the next restyle (the first pointer move), and moved under the click. */
  .options {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    align-content: start;
    gap: var(--_space-4);
    min-width: 0;
  }
  .price {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--_space-2);
    margin: 0;
    font-size: 1.5rem;
    font-weight: var(--_font-weight-bold);
    font-variant-numeric: tabular-nums;
  }
  .price.sale .current {
    color: var(--_accent);
  }
  .price s {
    font-size: var(--_font-size);
    font-weight: normal;
    color: var(--_fg-muted);
  }
  .stock {
    margin: 0;
    font-size: var(--_font-size-s);
    color: var(--_success);
  }
  .stock.low {
    color: var(--_warning);
  }
  .stock.out,
  .problem {
    color: var(--_danger);
  }
  .problem {
    margin: 0;
    font-size: var(--_font-size-s);
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: none;
    min-width: 0;
  }
  legend {
    padding: 0;
    margin-block-end: var(--_space-2);
    font-weight: var(--_font-weight-bold);
    font-size: var(--_font-size-s);
  }
  legend .chosen {
    font-weight: normal;
    color: var(--_fg-muted);
  }
  .values {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-2);
  }
  .value {
    position: relative;
    display: inline-flex;
    flex-direction: column;
    align-items: center;
  }
  .value input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  .value input:disabled {
    cursor: not-allowed;
  }
  .chip {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: var(--_space-2) var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    background: var(--_bg);
    font-size: var(--_font-size-s);
    overflow-wrap: anywhere;
    text-align: center;
  }
  .value input:hover:not(:disabled) + .chip {
    border-color: var(--_fg-muted);
  }
  .value input:checked + .chip {
    border-color: var(--_chip-selected);
    box-shadow: inset 0 0 0 1px var(--_chip-selected);
    font-weight: var(--_font-weight-bold);
  }
  .value input:focus-visible + .chip {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .value input:disabled + .chip {
    color: var(--_fg-muted);
    background: var(--_bg-muted);
    text-decoration: line-through;
  }
  .reason {
    font-size: var(--_font-size-xs);
    color: var(--_fg-muted);
    max-width: 12ch;
    text-align: center;
    line-height: 1.2;
    margin-block-start: 2px;
  }
  .description {
    margin: 0;
    font-size: var(--_font-size-s);
    color: var(--_fg-muted);
    overflow-wrap: anywhere;
  }
  .description :is(p, ul, ol) {
    margin: 0 0 var(--_space-1);
  }
  .description a {
    color: inherit;
  }
  .buy {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--_space-3);
  }
  .quantity {
    display: flex;
    flex-direction: column;
    gap: var(--_space-1);
    font-size: var(--_font-size-s);
    font-weight: var(--_font-weight-bold);
  }
  .stepper {
    display: inline-flex;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    overflow: hidden;
  }
  .stepper button {
    min-width: 44px;
    min-height: 44px;
    border: none;
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    font-size: 1.25rem;
    cursor: pointer;
  }
  .stepper button:disabled {
    color: var(--_fg-muted);
    cursor: not-allowed;
  }
  .stepper input {
    width: 4ch;
    min-height: 44px;
    border: none;
    border-inline: 1px solid var(--_border);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    text-align: center;
    -moz-appearance: textfield;
  }
  .stepper input::-webkit-inner-spin-button,
  .stepper input::-webkit-outer-spin-button {
    -webkit-appearance: none;
    margin: 0;
  }
  .add {
    flex: 1;
    min-width: 12rem;
  }
`;
