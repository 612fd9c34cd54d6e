/** The payload schemas, loaded on demand in their own chunk: zod never weighs on a page's first load. */
export const loadPayloadSchemas = () =>
  import(/* webpackChunkName: "form-schemas" */ "../leads/payloads");
