type Require = (id: string) => unknown;

export declare const requiredNodeMajor: number;
export declare const nativeModules: Record<string, (require: Require) => unknown>;
export declare function runtimeProblem(version?: string, require?: Require): string | undefined;
export declare function exitOnRuntimeProblem(): void;
