// What both webviews (the item panel, the runs grid) draw with: DOM calls and textContent only,
// so no string from the service is ever parsed as HTML.

/** An element with text, attributes and children; text is always text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K | string,
  props: { text?: string; class?: string; attrs?: Record<string, string> } = {},
  ...children: (Node | undefined)[]
): HTMLElement {
  const node = document.createElement(tag);
  if (props.text !== undefined) node.textContent = props.text;
  if (props.class) node.className = props.class;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const child of children) if (child) node.appendChild(child);
  return node;
}
