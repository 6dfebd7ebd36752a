// What a function's code calls, found by the TypeScript checker rather than by names: from the
// function's handler, every declaration it refers to is reached, a method by the type it is called
// on (a port's method reaches that method of every adapter the code builds), so `tickets.get(…)`
// is DynamoTicketStore's get and a Map's get is nothing. The DynamoDB and S3 calls are the SDK
// commands the reached code constructs, each on the table or folder of the store whose method
// constructs it; what else a call needs (queues, settings, sealing, secrets, indexes) the adapters
// and readers declare as `needs`, counted where their declaration is reached.

import path from 'node:path';
import ts from 'typescript';
import type { BucketFolder, BucketSetting, Needs, TableName } from '#shared/manifest.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');

/** What a function's code reaches. */
export interface Reach {
  /** What the declarations reached declare they need. */
  readonly declared: Required<Needs>;
  /** Each table's DynamoDB actions, and whether a query or scan reads the table itself or an index. */
  readonly tables: Map<TableName, { actions: Set<string>; onTable: boolean; onIndex: boolean }>;
  /** Each folder's S3 actions. */
  readonly folders: Map<BucketFolder, Set<string>>;
  /** DynamoDB and S3 commands built outside any store the wiring ties to a table or folder. */
  readonly unattributed: string[];
}

/** S3 commands on the bucket rather than an object of a folder, and the setting of the bucket each reads. */
const bucketCommands: Partial<Record<string, BucketSetting>> = { GetObjectLockConfiguration: 'objectLock' };
/** The S3 commands IAM grants by another action's name: a multipart upload's steps are s3:PutObject. */
const grantedAs: Partial<Record<string, string>> = { CreateMultipartUpload: 'PutObject', UploadPart: 'PutObject', CompleteMultipartUpload: 'PutObject' };

type Resource = { table: TableName } | { folder: BucketFolder };
type Scope = ts.FunctionLikeDeclaration | ts.VariableDeclaration | ts.PropertyDeclaration | ts.ClassDeclaration | ts.ClassStaticBlockDeclaration;

const isProject = (file: ts.SourceFile) => !file.isDeclarationFile && !file.fileName.includes('/node_modules/');
const empty = (): Required<Needs> => ({
  tables: {},
  indexes: {},
  bucket: [],
  sendsTo: [],
  countsQueues: [],
  bucketSettings: [],
  deadLetters: [],
  settings: [],
  sealing: [],
  secrets: [],
});

/** Adds `needs` into `into`, each list without repeats, sorted. */
export function mergeNeeds(into: Required<Needs>, needs: Needs): void {
  for (const key of ['tables', 'indexes'] as const) {
    const target = into[key] as Record<string, string[]>;
    for (const [table, names] of Object.entries(needs[key] ?? {})) target[table] = [...new Set([...(target[table] ?? []), ...(names as string[])])].sort();
  }
  for (const key of ['bucket', 'sendsTo', 'countsQueues', 'bucketSettings', 'deadLetters', 'settings', 'sealing', 'secrets'] as const) {
    (into as unknown as Record<string, string[]>)[key] = [
      ...new Set([...(into[key] as readonly string[]), ...((needs[key] as readonly string[] | undefined) ?? [])]),
    ].sort();
  }
}

export class CodeReach {
  readonly #program: ts.Program;
  readonly #checker: ts.TypeChecker;
  /** Declarations that declare needs (not the resources of a factory), by node. */
  readonly #needs = new Map<ts.Node, Needs>();
  /** The store classes each factory with a table or folder builds, and that resource. */
  readonly #resourceOf = new Map<ts.ClassDeclaration, Resource[]>();

  private constructor(program: ts.Program) {
    this.#program = program;
    this.#checker = program.getTypeChecker();
  }

  /** A program of `entries` and what they import, with the declarations of `needs` found in it. */
  static async of(entries: readonly string[]): Promise<CodeReach> {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const reach = new CodeReach(
      ts.createProgram(
        entries.map((entry) => path.join(repoRoot, entry)),
        config.options,
      ),
    );
    await reach.#readNeeds();
    return reach;
  }

  /** What the `handler` exported by `entry` reaches. */
  reachOf(entry: string): Reach {
    const file = this.#program.getSourceFile(path.join(repoRoot, entry))!;
    const handler = this.#checker.getExportsOfModule(this.#checker.getSymbolAtLocation(file)!).find((symbol) => symbol.name === 'handler');
    if (!handler) throw new Error(`${entry} exports no handler`);
    return new Walk(this.#checker, this.#needs, this.#resourceOf).from(this.#declarationsOf(handler));
  }

  /** Every module of the program that declares `needs`, each name tied to its declaration. */
  async #readNeeds(): Promise<void> {
    const factories = new Map<ts.Node, Resource[]>();
    for (const file of this.#program.getSourceFiles().filter(isProject)) {
      if (!/^export const needs = /m.test(file.text)) continue;
      const declared: Record<string, Needs> = (await import(file.fileName)).needs;
      for (const [name, { tables, bucket, ...rest }] of Object.entries(declared)) {
        const declarations = this.#named(file, name);
        if (!declarations.length) throw new Error(`${name}, whose needs ${path.relative(repoRoot, file.fileName)} declares, is not declared there`);
        const resources: Resource[] = [
          ...Object.entries(tables ?? {}).map(([table, actions]) => {
            // The calls themselves say which actions: a declaration names the table only.
            if ((actions as readonly string[]).length) throw new Error(`${name} declares DynamoDB actions, which its code's commands say`);
            return { table: table as TableName };
          }),
          ...(bucket ?? []).map((folder) => ({ folder })),
        ];
        for (const declaration of declarations) {
          if (resources.length) factories.set(declaration, resources);
          if (Object.keys(rest).length) this.#needs.set(declaration, rest);
        }
      }
    }
    // A factory's resource belongs to the store classes it builds, and those their constructors build.
    for (const [factory, resources] of factories) {
      for (const built of this.#builtBy(factory)) this.#resourceOf.set(built, [...(this.#resourceOf.get(built) ?? []), ...resources]);
    }
  }

  /** The exported function or constant `name` of `file`, or else the methods so named of its classes. */
  #named(file: ts.SourceFile, name: string): ts.Node[] {
    const exported = this.#checker.getExportsOfModule(this.#checker.getSymbolAtLocation(file)!).find((symbol) => symbol.name === name);
    if (exported) return this.#declarationsOf(exported);
    return file.statements
      .filter(ts.isClassDeclaration)
      .flatMap((type) => type.members.filter((member) => ts.isMethodDeclaration(member) && member.name.getText(file) === name));
  }

  /** The classes constructed in `node`, and in the constructors and fields of those. */
  #builtBy(node: ts.Node, seen = new Set<ts.ClassDeclaration>()): Set<ts.ClassDeclaration> {
    const visit = (child: ts.Node) => {
      if (ts.isNewExpression(child)) {
        const type = classOf(this.#checker, child);
        if (type && isProject(type.getSourceFile()) && !seen.has(type)) {
          seen.add(type);
          for (const member of type.members) if (ts.isConstructorDeclaration(member) || ts.isPropertyDeclaration(member)) this.#builtBy(member, seen);
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return seen;
  }

  #declarationsOf(symbol: ts.Symbol): ts.Node[] {
    const target = symbol.flags & ts.SymbolFlags.Alias ? this.#checker.getAliasedSymbol(symbol) : symbol;
    return target.declarations ?? [];
  }
}

/** The class a `new` expression builds, however its name was bound (an import, a destructured dynamic import). */
function classOf(checker: ts.TypeChecker, expression: ts.NewExpression): ts.ClassDeclaration | undefined {
  const symbol = checker.getTypeAtLocation(expression).getSymbol();
  return symbol?.declarations?.find(ts.isClassDeclaration);
}

/** One function's walk from its handler. */
class Walk {
  readonly #checker: ts.TypeChecker;
  readonly #needs: Map<ts.Node, Needs>;
  readonly #resourceOf: Map<ts.ClassDeclaration, Resource[]>;
  readonly #seen = new Set<string>();
  readonly #ids = new Map<ts.Node, number>();
  readonly #queue: { scope: Scope; store?: ts.ClassDeclaration }[] = [];
  /** Interface methods called, and the classes built, for a call on a port to reach its adapters. */
  readonly #called = new Map<ts.Declaration, Set<ts.ClassDeclaration | undefined>>();
  readonly #classes = new Set<ts.ClassDeclaration>();
  readonly #reach: Reach = { declared: empty(), tables: new Map(), folders: new Map(), unattributed: [] };

  constructor(checker: ts.TypeChecker, needs: Map<ts.Node, Needs>, resourceOf: Map<ts.ClassDeclaration, Resource[]>) {
    this.#checker = checker;
    this.#needs = needs;
    this.#resourceOf = resourceOf;
  }

  from(roots: readonly ts.Node[]): Reach {
    for (const root of roots) this.#enter(root, undefined);
    for (let next = this.#queue.shift(); next; next = this.#queue.shift()) this.#walk(next.scope, next.store);
    return this.#reach;
  }

  /** Reaches a declaration, walking it once per store it runs for. */
  #enter(declaration: ts.Node, store: ts.ClassDeclaration | undefined): void {
    const needs = this.#needs.get(declaration);
    if (needs) mergeNeeds(this.#reach.declared, needs);
    const scope = scopeOf(declaration);
    if (!scope || !isProject(scope.getSourceFile())) return;
    const owner = ts.isClassDeclaration(scope) ? scope : ts.isClassLike(scope.parent) && ts.isClassDeclaration(scope.parent) ? scope.parent : undefined;
    // A method runs for its own store when its class belongs to one; a class several stores share
    // (the S3 folder) runs for the store that called it.
    const runsFor = owner && this.#resourceOf.get(owner)?.length === 1 ? owner : store;
    const key = `${this.#id(scope)}:${runsFor ? this.#id(runsFor) : ''}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    if (ts.isClassDeclaration(scope)) this.#built(scope, runsFor);
    this.#queue.push({ scope, store: runsFor });
  }

  /** A class the code builds: its constructor and fields run, and each port method called so far reaches its own. */
  #built(type: ts.ClassDeclaration, store: ts.ClassDeclaration | undefined): void {
    this.#classes.add(type);
    for (const member of type.members) {
      if (ts.isConstructorDeclaration(member) || ts.isPropertyDeclaration(member) || ts.isClassStaticBlockDeclaration(member)) this.#enter(member, store);
    }
    for (const base of type.heritageClauses?.flatMap((clause) => clause.types) ?? []) {
      for (const declaration of this.#symbolAt(base.expression)?.declarations ?? []) this.#enter(declaration, store);
    }
    for (const [method, stores] of this.#called) for (const caller of stores) this.#dispatch(method, type, caller);
  }

  /** A call of a port's method reaches the method of that name of each class built that implements the port. */
  #dispatch(method: ts.Declaration, type: ts.ClassDeclaration, store: ts.ClassDeclaration | undefined): void {
    const port = method.parent;
    const implemented = type.heritageClauses
      ?.filter((clause) => clause.token === ts.SyntaxKind.ImplementsKeyword)
      .flatMap((clause) => clause.types)
      .some((reference) => this.#symbolAt(reference.expression)?.declarations?.includes(port as ts.Declaration));
    if (!implemented) return;
    const name = (method as ts.MethodSignature).name.getText();
    const own = type.members.find((member) => ts.isMethodDeclaration(member) && member.name.getText() === name);
    if (own) this.#enter(own, store);
  }

  #walk(scope: Scope, store: ts.ClassDeclaration | undefined): void {
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node)) this.#constructs(node, store);
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) this.#refers(node, store);
      // A nested function or class is walked with what holds it; a type says nothing of what runs.
      if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
      ts.forEachChild(node, visit);
    };
    if (ts.isClassDeclaration(scope)) return;
    ts.forEachChild(scope, visit);
  }

  /** A name in the code: the declaration it names is reached (through an import, or a destructured dynamic import). */
  #refers(name: ts.Identifier | ts.PrivateIdentifier, store: ts.ClassDeclaration | undefined): void {
    for (const declaration of this.#symbolAt(name)?.declarations ?? []) {
      if (!isProject(declaration.getSourceFile())) continue;
      if (ts.isBindingElement(declaration)) {
        // `const { S3ProtocolStore } = await import(…)`: what it names is its type's declaration.
        for (const named of this.#checker.getTypeAtLocation(name).getSymbol()?.declarations ?? []) this.#enter(named, store);
      } else if ((ts.isMethodSignature(declaration) || ts.isPropertySignature(declaration)) && ts.isInterfaceDeclaration(declaration.parent)) {
        this.#calls(declaration, store);
      } else {
        this.#enter(declaration, store);
      }
    }
  }

  #calls(method: ts.Declaration, store: ts.ClassDeclaration | undefined): void {
    const stores = this.#called.get(method) ?? new Set();
    if (stores.has(store)) return;
    stores.add(store);
    this.#called.set(method, stores);
    for (const type of this.#classes) this.#dispatch(method, type, store);
  }

  /** A `new`: a class of the project is built; an SDK command is a call on the store it runs for. */
  #constructs(expression: ts.NewExpression, store: ts.ClassDeclaration | undefined): void {
    const type = classOf(this.#checker, expression);
    if (!type) return;
    if (isProject(type.getSourceFile())) return this.#enter(type, store);
    const service = /\/@aws-sdk\/client-(dynamodb|s3)\//.exec(type.getSourceFile().fileName)?.[1];
    const command = type.name?.text.replace(/Command$/, '');
    if (!service || !command || command === type.name?.text) return;
    const resources = (store && this.#resourceOf.get(store)) ?? [];
    const resource = resources.length === 1 ? resources[0] : undefined;
    const where = `${service}:${command} in ${path.relative(repoRoot, expression.getSourceFile().fileName)}`;
    if (service === 'dynamodb' && resource && 'table' in resource) {
      const table = this.#reach.tables.get(resource.table) ?? { actions: new Set<string>(), onTable: false, onIndex: false };
      table.actions.add(command);
      if (command === 'Query' || command === 'Scan') {
        const input = expression.arguments?.[0];
        const onIndex = !!input && ts.isObjectLiteralExpression(input) && input.properties.some((property) => property.name?.getText() === 'IndexName');
        if (onIndex) table.onIndex = true;
        else table.onTable = true;
      }
      this.#reach.tables.set(resource.table, table);
    } else if (service === 's3' && command in bucketCommands) {
      mergeNeeds(this.#reach.declared, { bucketSettings: [bucketCommands[command]!] });
    } else if (service === 's3' && resource && 'folder' in resource) {
      this.#reach.folders.set(resource.folder, new Set([...(this.#reach.folders.get(resource.folder) ?? []), grantedAs[command] ?? command]));
    } else {
      this.#reach.unattributed.push(where);
    }
  }

  /** What a name refers to, through its import. */
  #symbolAt(node: ts.Node): ts.Symbol | undefined {
    const symbol = this.#checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? this.#checker.getAliasedSymbol(symbol) : symbol;
  }

  #id(node: ts.Node): number {
    let id = this.#ids.get(node);
    if (id === undefined) this.#ids.set(node, (id = this.#ids.size));
    return id;
  }
}

/** The declaration whose code runs when `node` is reached: a function, a method, a class, a constant's initializer. */
function scopeOf(node: ts.Node): Scope | undefined {
  if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isClassDeclaration(node) || ts.isClassStaticBlockDeclaration(node)) return node;
  if (ts.isFunctionLike(node) && 'body' in node) return node as ts.FunctionLikeDeclaration;
  return undefined;
}
