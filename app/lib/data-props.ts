import type { DataAttr } from "~/enhance/data-attributes";

/**
 * JSX props that set `name` to `value` ("" when left out; not at all when `undefined` is given):
 * `<div {...dataProps(dataAttr.toaster)} />`.
 */
export function dataProps<N extends DataAttr>(
  name: N,
  ...value: [] | [string | number | undefined]
): { [K in N]?: string } {
  const given = value.length === 0 ? "" : value[0];
  return { [name]: given === undefined ? undefined : String(given) } as { [K in N]?: string };
}
