/**
 * For tests: jsdom has <dialog> without its modal methods; this gives it the two the Dialog component calls
 * (opening and closing only; the browser's behaviour is covered by the Playwright journeys). Call it in beforeAll.
 */
export function polyfillModalDialogs() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
