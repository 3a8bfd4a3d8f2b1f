// The product's expression language (SPEC §5): numbers, variable names, parentheses and only the
// operators + - * / % >> << & | < > <= >= == != && ||, with unary + and -. Collection and control
// formulas (the variable x is the raw value) and alarm and linkage expressions (parameter codes) are
// parsed here into a tree — never handed to eval — and evaluated over given values. A refusal names
// the character where it happened (1-based), for the form to show.

export const OPERATORS = ['+', '-', '*', '/', '%', '>>', '<<', '&', '|', '<', '>', '<=', '>=', '==', '!=', '&&', '||'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Binding strength, C-like: || weakest, then &&, |, &, equality, comparison, shifts, + -, * / %. */
const PRECEDENCE: Record<Operator, number> = {
  '||': 1,
  '&&': 2,
  '|': 3,
  '&': 4,
  '==': 5,
  '!=': 5,
  '<': 6,
  '>': 6,
  '<=': 6,
  '>=': 6,
  '<<': 7,
  '>>': 7,
  '+': 8,
  '-': 8,
  '*': 9,
  '/': 9,
  '%': 9,
};

export type Node =
  | { kind: 'number'; value: number }
  | { kind: 'variable'; name: string }
  | { kind: 'unary'; op: '+' | '-'; arg: Node }
  | { kind: 'binary'; op: Operator; left: Node; right: Node };

export interface ExpressionError {
  /** 'operator': a character or operator the language does not have; 'syntax': a malformed expression. */
  kind: 'operator' | 'syntax';
  /** 1-based character position of the problem (one past the end when the expression stops short). */
  position: number;
}

export type Compiled = { ok: true; tree: Node; variables: string[] } | ({ ok: false } & ExpressionError);

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; name: string; at: number }
  | { kind: 'op'; op: Operator; at: number }
  | { kind: 'open' | 'close'; at: number };

const NUMBER = /^\d+(\.\d+)?/;
const NAME = /^[\p{Script=Han}A-Za-z_$][\p{Script=Han}\w$.]*/u;
const OPERATOR_CHARS = /^[+\-*/%<>=!&|^~?:]+/;
const ALLOWED = new Set<string>(OPERATORS);

/** A run like "<=-" is one operator followed by unary signs; anything else in it (=, !, **) is foreign. */
function splitRun(run: string): Operator[] | null {
  for (let k = Math.min(2, run.length); k >= 1; k -= 1) {
    const head = run.slice(0, k);
    const tail = run.slice(k);
    if (ALLOWED.has(head) && /^[+-]*$/.test(tail)) return [head as Operator, ...(tail.split('') as Operator[])];
  }
  return null;
}

function tokenize(text: string): Token[] | ExpressionError {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = rest[0]!;
    const at = i + 1;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'open' : 'close', at });
      i += 1;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), at });
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', name: name[0], at });
      i += name[0].length;
      continue;
    }
    const run = OPERATOR_CHARS.exec(rest);
    const ops = run ? splitRun(run[0]) : null;
    if (!run || !ops) return { kind: 'operator', position: at };
    let offset = 0;
    for (const op of ops) {
      tokens.push({ kind: 'op', op, at: at + offset });
      offset += op.length;
    }
    i += run[0].length;
  }
  return tokens;
}

/** Parses an expression; an empty one is a syntax error at 1 (callers treat empty as "none"). */
export function compile(text: string): Compiled {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return { ok: false, ...tokens };
  let k = 0;
  const end = text.length + 1;
  const fail = (token: Token | undefined): ExpressionError => ({ kind: 'syntax', position: token?.at ?? end });
  const variables = new Set<string>();

  const operand = (): Node | ExpressionError => {
    const token = tokens[k];
    if (!token) return fail(token);
    if (token.kind === 'op' && (token.op === '-' || token.op === '+')) {
      k += 1;
      const arg = operand();
      return isError(arg) ? arg : { kind: 'unary', op: token.op, arg };
    }
    if (token.kind === 'number') {
      k += 1;
      return { kind: 'number', value: token.value };
    }
    if (token.kind === 'name') {
      k += 1;
      // A name followed by "(" would be a function call: the language has none.
      if (tokens[k]?.kind === 'open') return fail(tokens[k]);
      variables.add(token.name);
      return { kind: 'variable', name: token.name };
    }
    if (token.kind === 'open') {
      k += 1;
      const inner = binary(0);
      if (isError(inner)) return inner;
      if (tokens[k]?.kind !== 'close') return fail(tokens[k]);
      k += 1;
      return inner;
    }
    return fail(token);
  };

  const binary = (min: number): Node | ExpressionError => {
    let left = operand();
    if (isError(left)) return left;
    for (;;) {
      const token = tokens[k];
      if (!token || token.kind !== 'op') break;
      const strength = PRECEDENCE[token.op];
      if (strength <= min) break;
      k += 1;
      const right = binary(strength);
      if (isError(right)) return right;
      left = { kind: 'binary', op: token.op, left, right };
    }
    return left;
  };

  const tree = binary(0);
  if (isError(tree)) return { ok: false, ...tree };
  if (k < tokens.length) return { ok: false, ...fail(tokens[k]) };
  return { ok: true, tree, variables: [...variables] };
}

function isError(x: Node | ExpressionError): x is ExpressionError {
  return 'position' in x;
}

const truth = (n: number) => (n !== 0 && !Number.isNaN(n) ? 1 : 0);

/**
 * The value of a tree over the given variables; comparisons and && || give 1 or 0; the bit and shift
 * operators work on 32-bit integers. An unknown variable is an error (thrown), division by zero NaN.
 */
export function evaluate(tree: Node, values: Readonly<Record<string, number>>): number {
  switch (tree.kind) {
    case 'number':
      return tree.value;
    case 'variable': {
      // Own values only: "constructor" must not find Object.prototype.constructor.
      const v = Object.hasOwn(values, tree.name) ? values[tree.name] : undefined;
      if (typeof v !== 'number') throw new Error(`no value for ${tree.name}`);
      return v;
    }
    case 'unary':
      return tree.op === '-' ? -evaluate(tree.arg, values) : evaluate(tree.arg, values);
    case 'binary': {
      const a = evaluate(tree.left, values);
      if (tree.op === '&&') return truth(a) ? truth(evaluate(tree.right, values)) : 0;
      if (tree.op === '||') return truth(a) ? 1 : truth(evaluate(tree.right, values));
      const b = evaluate(tree.right, values);
      switch (tree.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return b === 0 ? NaN : a / b;
        case '%':
          return b === 0 ? NaN : a % b;
        case '<<':
          return a << b;
        case '>>':
          return a >> b;
        case '&':
          return a & b;
        case '|':
          return a | b;
        case '<':
          return a < b ? 1 : 0;
        case '>':
          return a > b ? 1 : 0;
        case '<=':
          return a <= b ? 1 : 0;
        case '>=':
          return a >= b ? 1 : 0;
        case '==':
          return a === b ? 1 : 0;
        case '!=':
          return a !== b ? 1 : 0;
      }
    }
  }
  return NaN;
}

/** Compiles and evaluates in one step; null when the text does not compile or a value is missing. */
export function evaluateText(text: string, values: Readonly<Record<string, number>>): number | null {
  const compiled = compile(text);
  if (!compiled.ok) return null;
  try {
    return evaluate(compiled.tree, values);
  } catch {
    return null;
  }
}
