import { css } from 'lit';

/**
 * The card's dialog around the variant picker. It lives in the card's shadow root, but only a card whose
 * shopper pressed "Choose options" needs it: it comes with the picker's chunk and the card adopts it then.
 */
export const pickerDialogStyles = css`
  dialog {
    width: min(860px, calc(100vw - 2 * var(--_space-4)));
    max-height: calc(100dvh - 2 * var(--_space-4));
    padding: 0;
    border: none;
    border-radius: var(--_radius-l);
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: 0 20px 60px rgb(0 0 0 / 0.3);
  }
  dialog::backdrop {
    background: rgb(15 17 20 / 0.55);
  }
  .dialog-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-4);
    padding: var(--_space-3) var(--_space-4) var(--_space-3) var(--_space-6);
    border-block-end: 1px solid var(--_border);
  }
  .dialog-header h2 {
    margin: 0;
    font-size: var(--_font-size-l);
    overflow-wrap: anywhere;
  }
  .close {
    flex: none;
    min-width: 44px;
    min-height: 44px;
    border: none;
    border-radius: var(--_radius-s);
    background: transparent;
    color: var(--_fg);
    font: inherit;
    font-size: 1.5rem;
    line-height: 1;
    cursor: pointer;
  }
  .close:hover {
    background: var(--_bg-muted);
  }
  .dialog-body {
    padding: var(--_space-6);
  }
  @media (max-width: 480px) {
    .dialog-body {
      padding: var(--_space-4);
    }
    .dialog-header {
      padding-inline-start: var(--_space-4);
    }
  }
`;
