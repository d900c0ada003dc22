// Selectors for no-restricted-syntax that find an underscore-prefixed member: read or written
// (`socket._handle`, `raw['_socket']`), tested (`'_x' in request.raw`), destructured, or declared
// in a type that is then cast onto a dependency's object (`as { _socket?: … }`); and a library's
// method replaced (`Queue.prototype.add = …`, `app.addHook = …`).
const message =
  'An underscore-prefixed field is a dependency’s private internal (a new version changes it ' +
  'without notice): use its public API, or keep state of our own (a WeakMap, a private #field).';
const patched =
  'A library’s method replaced is its internals relied on (a new version moves them without ' +
  'notice): use its public API (options, hooks, route config) instead.';

export function privateAccess() {
  return [
    'MemberExpression[computed=false][property.name=/^_/]',
    'MemberExpression[computed=true][property.value=/^_/]',
    "BinaryExpression[operator='in'][left.value=/^_/]",
    'ObjectPattern > Property[key.name=/^_/]',
    'TSPropertySignature[key.name=/^_/]',
  ]
    .map((selector) => ({ selector, message }))
    .concat(
      [
        "AssignmentExpression > MemberExpression.left > MemberExpression.object[property.name='prototype']",
        'AssignmentExpression > MemberExpression.left[property.name=/^(addHook|register|decorate|decorateRequest|decorateReply|route|inject|setNotFoundHandler|setErrorHandler)$/]',
      ].map((selector) => ({ selector, message: patched })),
    );
}
