/**
 * Expression tree. `start`/`end` are 0-based offsets into the expression
 * source; `at` is the 0-based offset errors point at (the operator of a
 * binary node, the start of anything else); `depth` is the height of the subtree.
 */
interface NodeBase {
  start: number;
  end: number;
  at: number;
  depth: number;
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

export type ExpressionNode =
  | (NodeBase & { type: 'literal'; value: string | number | boolean | null })
  | (NodeBase & { type: 'identifier'; name: string })
  | (NodeBase & { type: 'member'; object: ExpressionNode; property: string })
  | (NodeBase & { type: 'index'; object: ExpressionNode; index: ExpressionNode })
  | (NodeBase & { type: 'unary'; operator: '!' | '-' | '+'; argument: ExpressionNode })
  | (NodeBase & { type: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode })
  | (NodeBase & { type: 'logical'; operator: '&&' | '||'; left: ExpressionNode; right: ExpressionNode })
  | (NodeBase & { type: 'conditional'; test: ExpressionNode; consequent: ExpressionNode; alternate: ExpressionNode })
  | (NodeBase & { type: 'call'; callee: string; args: ExpressionNode[] })
  | (NodeBase & { type: 'array'; elements: ExpressionNode[] });

export type NodeOfType<T extends ExpressionNode['type']> = Extract<ExpressionNode, { type: T }>;

/** A variable reference: a name followed by `.key` and `[literal]` steps only. */
export function isBarePath(node: ExpressionNode): boolean {
  let current = node;
  for (;;) {
    if (current.type === 'identifier') return true;
    if (current.type === 'member') current = current.object;
    else if (current.type === 'index' && current.index.type === 'literal') current = current.object;
    else return false;
  }
}

/** Calls `visit` on every node of the tree, parents first, children left to right. */
export function eachNode(root: ExpressionNode, visit: (node: ExpressionNode) => void): void {
  // Iterative on purpose: trees are depth-limited, but this costs nothing.
  const stack: ExpressionNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    switch (node.type) {
      case 'member':
        stack.push(node.object);
        break;
      case 'index':
        stack.push(node.index, node.object);
        break;
      case 'unary':
        stack.push(node.argument);
        break;
      case 'binary':
      case 'logical':
        stack.push(node.right, node.left);
        break;
      case 'conditional':
        stack.push(node.alternate, node.consequent, node.test);
        break;
      case 'call':
      case 'array':
        for (let i = (node.type === 'call' ? node.args : node.elements).length - 1; i >= 0; i--) {
          stack.push((node.type === 'call' ? node.args : node.elements)[i]!);
        }
        break;
      case 'identifier':
      case 'literal':
        break;
    }
  }
}

/** Names of the variables an expression reads (function names excluded), in order of appearance. */
export function freeVariables(root: ExpressionNode): string[] {
  const names = new Set<string>();
  eachNode(root, (node) => {
    if (node.type === 'identifier') names.add(node.name);
  });
  return [...names];
}
