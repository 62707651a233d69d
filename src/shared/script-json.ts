/**
 * JSON safe inside an HTML `<script>` element (the server-rendered pages' data, their JSON-LD):
 * no `</script>` or `<!--` in a text can end the element early.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
