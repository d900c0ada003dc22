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
        // Any other method of an object in hand replaced by a function of ours (`server.emit =
        // function …`, `socket.write = (…) => …`, with or without a cast). Left alone: `this.x`,
        // our own slots deeper in (`app.liveStats.sockets = …`) and event-handler properties,
        // which are there to be set (`ws.onmessage`).
        ...['', '.expression'].map(
          (at) =>
            `AssignmentExpression[right${at}.type=/^(FunctionExpression|ArrowFunctionExpression)$/] > MemberExpression.left[object.type='Identifier'][property.name!=/^on/]`,
        ),
      ].map((selector) => ({ selector, message: patched })),
    );
}
