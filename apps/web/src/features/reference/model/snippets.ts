export type SnippetLang = 'curl' | 'javascript' | 'php' | 'python';

export const SNIPPET_LANGS: { lang: SnippetLang; label: string }[] = [
  { lang: 'curl', label: 'curl' },
  { lang: 'javascript', label: 'JavaScript' },
  { lang: 'php', label: 'PHP' },
  { lang: 'python', label: 'Python' },
];

/** Code a webmaster can paste to make the same GET, reading the { code, msg, data } envelope. */
export function snippet(lang: SnippetLang, url: string, json = true): string {
  switch (lang) {
    case 'curl':
      return `curl -s '${url}'`;
    case 'javascript':
      return json
        ? `const res = await fetch('${url}');\nconst { code, msg, data } = await res.json();\nif (code !== 'OK') throw new Error(msg);\nconsole.log(data);`
        : `const res = await fetch('${url}');\nconsole.log(await res.text());`;
    case 'php':
      return json
        ? `<?php\n$body = file_get_contents('${url}');\n$answer = json_decode($body, true);\nif ($answer['code'] !== 'OK') {\n    exit($answer['msg']);\n}\nprint_r($answer['data']);`
        : `<?php\necho file_get_contents('${url}');`;
    case 'python':
      return json
        ? `import json, urllib.request\n\nwith urllib.request.urlopen('${url}', timeout=20) as res:\n    answer = json.load(res)\nif answer['code'] != 'OK':\n    raise RuntimeError(answer['msg'])\nprint(answer['data'])`
        : `import urllib.request\n\nwith urllib.request.urlopen('${url}', timeout=20) as res:\n    print(res.read().decode('utf-8'))`;
  }
}
