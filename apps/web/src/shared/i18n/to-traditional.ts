// The one place Simplified becomes Traditional for what the interface's own words cannot cover:
// everything that comes from the server (game names, schedules, notices, news, captions, FAQ,
// company pages, chat). It converts the page's text as it is drawn, so every screen, the live
// updates and the server-rendered page are in the chosen script without each screen knowing.
// Loaded (with its dictionary) only when a visitor chooses 繁.
import { ConverterFactory } from 'opencc-js/core';
import STCharacters from 'opencc-js/dict/STCharacters';
import tw from 'opencc-js/to/tw';
import phrases from 'virtual:kj-st-phrases';

// opencc-js's cn→tw conversion (its `from/cn` preset is [[STPhrases, STCharacters]]), with only
// the phrases that convert otherwise than character by character: build/opencc-phrases.ts trims
// the 1 MB phrase table at build time (the chunk: 441 kB gzip before, ~80 kB after).
const toTraditional = ConverterFactory([[phrases, STCharacters]], tw);

/** Attributes a visitor reads or hears. Input values are what was typed: never touched. */
const ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'alt', 'aria-description'];
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'CODE', 'NOSCRIPT']);
/** Written in Simplified on purpose (the way back to 简, its language's own name). */
const keptSimplified = (el: Element) =>
  el.getAttribute('translate') === 'no' || el.getAttribute('lang') === 'zh-Hans';
/** Has a CJK character: most text nodes (numbers, spaces) need no dictionary look-up. */
const HAN = /[\u3400-\u9fff]/;

/** What each converted node said before, so that choosing 简 again puts it back. */
const originalText = new WeakMap<Text, { from: string; to: string }>();
const originalAttr = new WeakMap<Element, Map<string, { from: string; to: string }>>();

function skipped(node: Node): boolean {
  for (let n = node.parentElement; n; n = n.parentElement) {
    if (SKIP.has(n.tagName) || n.isContentEditable || keptSimplified(n)) return true;
  }
  return false;
}

function convertText(node: Text): void {
  const text = node.data;
  if (!HAN.test(text)) return;
  const converted = toTraditional(text);
  if (converted === text) return;
  originalText.set(node, { from: text, to: converted });
  node.data = converted;
}

function convertAttributes(el: Element): void {
  // The element's own words too: its lang says what its label is written in.
  if (keptSimplified(el)) return;
  for (const name of ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (!value || !HAN.test(value)) continue;
    const converted = toTraditional(value);
    if (converted === value) continue;
    let kept = originalAttr.get(el);
    if (!kept) originalAttr.set(el, (kept = new Map()));
    kept.set(name, { from: value, to: converted });
    el.setAttribute(name, converted);
  }
}

function convertTree(root: Node): void {
  if (root.nodeType === Node.TEXT_NODE) {
    if (!skipped(root)) convertText(root as Text);
    return;
  }
  if (root.nodeType !== Node.ELEMENT_NODE && root.nodeType !== Node.DOCUMENT_NODE) return;
  if (root.nodeType === Node.ELEMENT_NODE && (skipped(root) || SKIP.has((root as Element).tagName)))
    return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.nodeType === Node.ELEMENT_NODE &&
      (SKIP.has((n as Element).tagName) || keptSimplified(n as Element))
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  if (root.nodeType === Node.ELEMENT_NODE) convertAttributes(root as Element);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) convertText(n as Text);
    else convertAttributes(n as Element);
  }
}

let observer: MutationObserver | null = null;

/** Converts the page now and whatever is drawn from now on, until stop(). */
export function start(): void {
  if (observer) return;
  observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') convertTree(r.target);
      else if (r.type === 'attributes') {
        if (!skipped(r.target)) convertAttributes(r.target as Element);
      } else r.addedNodes.forEach(convertTree);
    }
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
  convertTree(document.documentElement);
}

/** Stops converting and puts back the Simplified text still shown as this layer left it. */
export function stop(): void {
  observer?.disconnect();
  observer = null;
  const walker = document.createTreeWalker(
    document.documentElement,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
  );
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      const kept = originalText.get(n as Text);
      if (kept && (n as Text).data === kept.to) (n as Text).data = kept.from;
    } else {
      for (const [name, kept] of originalAttr.get(n as Element) ?? []) {
        if ((n as Element).getAttribute(name) === kept.to)
          (n as Element).setAttribute(name, kept.from);
      }
    }
  }
}

/** For what is not on the page (document.title is, share texts, notifications). */
export const convert = toTraditional;
