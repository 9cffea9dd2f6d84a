// Glossary terms on the rules pages (tools/glossary/terms.py marks them as
// <abbr class="naipes-term" title="definition"><a href="…/glossary/#id">term</a></abbr>).
//
// Material's tooltips (theme feature content.tooltips) show the definition on hover and while the
// term's link has the focus. A touch screen has no hover, and a tap would follow the link at once: so
// the first tap on a term only focuses it (its definition shows), and a second tap on the same term
// follows the link to the glossary. A tap anywhere else hides the definition again.

const TERM_LINK = "abbr.naipes-term a[href]";

let tapped = null; // { link, focused }: the term link a touch began on, and whether it had the focus then

window.addEventListener(
  "pointerdown",
  (event) => {
    const link = event.pointerType !== "mouse" && event.target instanceof Element && event.target.closest(TERM_LINK);
    tapped = link ? { link, focused: document.activeElement === link } : null;
  },
  { capture: true, passive: true },
);

// On window, in the capture phase: before Material's instant navigation sees the click.
window.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element && event.target.closest(TERM_LINK);
    const first = tapped && tapped.link === link && !tapped.focused;
    tapped = null;
    if (!first) return;
    event.preventDefault();
    event.stopPropagation();
    link.focus();
  },
  { capture: true },
);
