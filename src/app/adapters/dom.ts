/** The few effects that touch the page outside React; machines name them, this file performs them. */

export const MODAL_OPEN_CLASS = 'modal-open';
export const MAIN_ID = 'main';

export function markPageModalOpen(): void {
  document.body.classList.add(MODAL_OPEN_CLASS);
}

export function unmarkPageModalOpen(): void {
  document.body.classList.remove(MODAL_OPEN_CLASS);
}

export function scrollMainToTop(): void {
  const main = document.getElementById(MAIN_ID);
  main?.scrollTo({ top: 0, behavior: 'auto' });
  window.scrollTo({ top: 0, behavior: 'auto' });
}
