package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/luascript"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Script wrappers. A function that runs a Redis Lua script one of its
// parameters gives it (func (r *RDB) runScript(ctx, op string, script
// *redis.Script, keys []string, args ...any) error, or a Lua source string
// passed to Eval) cannot tell what the script does; its callers can. Like
// the SQL wrappers of classify.go, a call of such a wrapper is classified
// by the script its caller passes: read from the NewScript that made it
// (a package-level var included) or from the source text. The wrapper's
// parameter is exported as FuncFact.ScriptParams, so callers in other
// packages are classified the same way.

// noteScriptWrapper records that the declared function making call o runs
// the script (a *Script handle or Lua source) its parameter v holds.
func (m *model) noteScriptWrapper(o *op, v ssa.Value) {
	fn := o.instr.Parent()
	if fn == nil || fn.Parent() != nil || v == nil {
		return
	}
	i := paramPos(fn, store.StripConv(v))
	if i < 0 {
		return
	}
	if m.scriptWrappers == nil {
		m.scriptWrappers = make(map[*ssa.Function]int)
	}
	if _, seen := m.scriptWrappers[fn]; !seen {
		m.scriptWrappers[fn] = i
	}
}

// scriptParamsOf returns the declared index (receiver excluded) of the
// script parameter of fn, a function of the package, for its fact.
func (m *model) scriptParamsOf(fn *ssa.Function) []int {
	i, ok := m.scriptWrappers[fn]
	if !ok {
		return nil
	}
	if fn.Signature.Recv() != nil {
		i--
	}
	if i < 0 {
		return nil
	}
	return []int{i}
}

// importedScriptArg returns the argument index (in the call's Args) of
// the script a call of another package's script wrapper passes, from its
// FuncFact, or -1.
func (m *model) importedScriptArg(o *op) int {
	if o.callee == nil || o.local != nil || o.instr.Common().IsInvoke() {
		return -1
	}
	f, ok := m.importedFact(o.callee)
	if !ok || len(f.ScriptParams) == 0 {
		return -1
	}
	return f.ScriptParams[0] + argOffset(o.instr.Common())
}

// classifyScriptWrapperCall classifies call o of a script wrapper by the
// script passed at argument index arg (in the call's Args). As for SQL
// wrappers, a guarded script is judged fenced (the wrapper may check the
// rejection itself), and a script that cannot be read leaves the call
// unclassified. It reports whether the call was classified.
func (m *model) classifyScriptWrapperCall(o *op, arg int) bool {
	args := o.instr.Common().Args
	if arg < 0 || arg >= len(args) {
		return false
	}
	v := args[arg]
	var text string
	var ok bool
	if isString(v.Type()) {
		text, ok = resolveText(m, v)
	} else {
		text, ok = m.scriptOf(v)
	}
	if !ok {
		return false
	}
	s := luascript.Analyze(text)
	if !s.Writes {
		return false
	}
	o.write, o.guard, o.verb = true, NoGuard, "writes"
	if s.Guarded {
		o.guard = HelperGuard
		o.wrapped = true
		// The wrapper passes its variadic arguments on as ARGV.
		if sig := o.instr.Common().Signature(); sig.Variadic() && s.TokenArg > 0 && len(args) > 0 {
			if argv := store.Varargs(args[len(args)-1]); s.TokenArg-1 < len(argv) && argv[s.TokenArg-1] != nil {
				o.tokenArg = store.UnwrapInterface(argv[s.TokenArg-1])
			}
		}
	}
	return true
}
