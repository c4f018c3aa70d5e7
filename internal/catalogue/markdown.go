package catalogue

import (
	"fmt"
	"sort"
	"strings"
)

// Markdown renders the catalogue as the page docs/catalogue.md: one table
// per library, an entry per API with its class.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# API catalogue\n\n")
	b.WriteString("Generated from `internal/catalogue` by `go test ./internal/catalogue -update`; do not edit.\n\n")
	b.WriteString("Every API fencecheck models, keyed by the full name of the called function as\n")
	b.WriteString("`(*types.Func).FullName` prints it. Methods promoted through embedding resolve to the\n")
	b.WriteString("embedded type's method. Functions of other libraries are added with the analyzer flags\n")
	b.WriteString("`-fencecheck.acquire`, `-fencecheck.release`, `-fencecheck.probe`, `-fencecheck.sink`,\n")
	b.WriteString("`-fencecheck.guarded NAME:PARAM` and `-fencecheck.handler` (see docs/directives.md).\n\n")
	b.WriteString("Handlers are recognised by signature and by registration: a River `Work(ctx, *river.Job[T]) error`\n")
	b.WriteString("method or `func(context.Context, *river.Job[T]) error`, an asynq `ProcessTask` method or\n")
	b.WriteString("`func(context.Context, *asynq.Task) error`, a function that uses `go.temporal.io/sdk/activity`,\n")
	b.WriteString("what the registering APIs below (class \"registers a handler\") are given, and the\n")
	b.WriteString("`OnStartedLeading` callback of a client-go `leaderelection.LeaderCallbacks`.\n\n")
	b.WriteString("Helpers that run a callback before they return need no entry: fencecheck reads from their\n")
	b.WriteString("code which function parameters they call synchronously (`github.com/sethvargo/go-retry`,\n")
	b.WriteString("client-go's `util/retry`, apimachinery's `util/wait`, a project's own `withLock(fn)`). The\n")
	b.WriteString("entries of class \"runs a callback before returning\" below say so for the libraries listed.\n")
	lib := ""
	for _, e := range Entries() {
		if e.Library != lib {
			lib = e.Library
			fmt.Fprintf(&b, "\n## `%s`\n\n| API | class | notes |\n|---|---|---|\n", lib)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", e.Name, e.Class, notes(e))
	}
	if len(weakFields) > 0 {
		b.WriteString("\n## Fields that are not fencing tokens\n\n| field | why |\n|---|---|\n")
		for _, k := range sortedKeys(weakFields) {
			fmt.Fprintf(&b, "| `%s` | %s |\n", k, weakFields[k])
		}
	}
	return b.String()
}

// notes describes what a class inspects for one entry.
func notes(e Entry) string {
	var parts []string
	switch e.Class {
	case CondSink, ChainGuard, OpsGuard, TxnProduce, TxnCommit:
		if len(e.Fields) > 0 {
			parts = append(parts, "guarded by "+strings.Join(e.Fields, ", "))
		}
	case VersionedSink:
		parts = append(parts, fmt.Sprintf("argument %d is the version; -1 is unguarded", e.Arg))
	case Registers:
		what := "a function"
		switch {
		case len(e.Fields) == 1 && e.Fields[0] == "*":
			what += " or every exported method of a struct"
		case len(e.Fields) > 0:
			what += " or the " + strings.Join(e.Fields, ", ") + " method of a value"
		}
		parts = append(parts, fmt.Sprintf("argument %d: %s runs under the job's lease", e.Arg, what))
	case NoAckSource:
		switch {
		case e.Arg >= 0 && len(e.Fields) == 2:
			parts = append(parts, fmt.Sprintf("when argument %d sets %s to %s", e.Arg, e.Fields[0], e.Fields[1]))
		case e.Arg >= 0 && len(e.Fields) == 1:
			parts = append(parts, fmt.Sprintf("when argument %d has no %s (a config field left unset, or no such option among options listed in place): no consumer group", e.Arg, e.Fields[0]))
		default:
			parts = append(parts, "always")
		}
	case Delivers:
		switch {
		case e.Arg >= 0 && len(e.Fields) > 0:
			parts = append(parts, fmt.Sprintf("the channel stored in %s of argument %d: each received message is leased until acknowledged", e.Fields[0], e.Arg))
		case e.Arg >= 0:
			parts = append(parts, fmt.Sprintf("leased when argument %d (acknowledge on delivery) is the constant false", e.Arg))
		default:
			parts = append(parts, "each received message is leased until acknowledged")
		}
	case SyncCall:
		parts = append(parts, fmt.Sprintf("argument %d runs synchronously: its lease and writes are the call's", e.Arg))
	case FilterWrite:
		if len(e.Fields) > 0 {
			parts = append(parts, fmt.Sprintf("argument %d: the write models, each guarded by its filter (%s)", e.Arg, strings.Join(e.Fields, ", ")))
		} else {
			parts = append(parts, fmt.Sprintf("argument %d is the filter: a token field compared with $lt or $lte (or equal to the claim's token) fences; a state or expiry field alone does not", e.Arg))
		}
	case Guarded:
		if len(e.Fields) > 0 {
			parts = append(parts, "condition "+strings.Join(e.Fields, ", "))
		} else if e.Arg >= 0 {
			parts = append(parts, fmt.Sprintf("argument %d is the token the write is conditioned on", e.Arg))
		}
	case CreateOnly:
		parts = append(parts, "fails if the key exists; takes a lock when the function defers "+strings.Join(e.Fields, " or ")+" of the same key")
	case OptionGuard:
		parts = append(parts, "guarded by an option built by "+strings.Join(e.Fields, ", ")+"; the value passed to it is the token")
	}
	if e.Reason != "" {
		parts = append(parts, e.Reason)
	}
	if e.Class == CQLBatchExec && e.Arg >= 0 {
		parts = append(parts, fmt.Sprintf("the batch is argument %d", e.Arg))
	}
	if e.Class == SQLExec || e.Class == SQLQueue || e.Class == CQLBatchQuery {
		parts = append(parts, fmt.Sprintf("SQL text is argument %d", e.Text))
		if e.Named {
			parts = append(parts, "named arguments")
		}
	}
	if e.Class == ListExpand {
		parts = append(parts, fmt.Sprintf("text is argument %d, its arguments from argument %d; a '?' bound to a slice (or to a value of unknown type) becomes a placeholder list", e.Text, e.Args))
	}
	if e.Class == SQLPrepare && e.Args >= 0 {
		parts = append(parts, fmt.Sprintf("text is argument %d, bound values from argument %d; methods returning the statement's type keep both", e.Text, e.Args))
	}
	return strings.Join(parts, "; ")
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
