package model

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/luascript"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// classifyAPI fills o from a catalogue entry of a non-SQL class. args are
// the call's arguments without the receiver. It returns nil when the call
// does nothing the rules care about, or when fencecheck cannot tell (an
// input struct that comes from elsewhere, a script it cannot read).
func (m *model) classifyAPI(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	switch e.Class {
	case catalogue.Acquire:
		if len(e.Fields) > 0 && e.Arg >= 0 {
			values, ok := store.FieldValues(store.ArgAt(args, e.Arg))
			if !ok {
				m.noteSilent(o.instr, NotJudged, "its options are built elsewhere, so whether it takes a lease cannot be told")
				return nil // an input built elsewhere: cannot tell
			}
			for _, f := range e.Fields {
				if c, isConst := values[f].(*ssa.Const); values[f] != nil && (!isConst || c.Value == nil || c.Value.Kind() != constant.Bool || constant.BoolVal(c.Value)) {
					return nil // the option is, or may be, set: no claim
				}
			}
		}
		if noAckReceiver(o.instr) {
			return nil // a consumer that acknowledges on delivery leases nothing (noack.go)
		}
		o.acquire = true
		return o
	case catalogue.Release:
		o.release = true
		return o
	case catalogue.LockerFactory:
		return nil
	case catalogue.ScriptEval:
		return m.classifyScript(o, e, args)
	case catalogue.WatchTx:
		if fn := closureFunc(store.ArgAt(args, e.Arg)); fn != nil {
			m.watchGuarded[fn] = true
		}
		return nil
	}
	return nil
}

// closureFunc returns the function a function value refers to, looking
// through the wrapper of a bound method value (s.run).
func closureFunc(v ssa.Value) *ssa.Function {
	var fn *ssa.Function
	switch x := store.StripConv(v).(type) {
	case *ssa.Function:
		fn = x
	case *ssa.MakeClosure:
		fn, _ = x.Fn.(*ssa.Function)
	}
	if fn != nil && fn.Synthetic != "" {
		if obj, ok := fn.Object().(*types.Func); ok {
			if f := fn.Prog.FuncValue(obj); f != nil {
				return f
			}
		}
	}
	return fn
}

// classifyScript classifies a Lua script run with the Redis reader: the
// release or renewal of one of the package's locks, a claim, a guarded
// write when the script compares what it read before writing, a write
// when it writes without comparing, nothing when it only reads or cannot
// be read.
func (m *model) classifyScript(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	c := o.storeCall(e, args)
	text, ok := core{m}.Script(c)
	if !ok {
		src := o.handle
		if e.Arg >= 0 {
			src = store.ArgAt(args, e.Arg)
		}
		m.noteScriptWrapper(o, src) // a script wrapper: its callers pass the script
		m.noteSilent(o.instr, NotJudged, "the Lua script's text is not known here (built at run time, read from a file or an embed.FS, or kept in a field)")
		return nil
	}
	r := m.applyOp(o, m.redisReader().Script(core{m}, c, text))
	if r != nil && r.write && r.guard == HelperGuard {
		if n := luascript.Analyze(text).TokenArg; n > 0 && len(args) > 0 {
			argv := store.Varargs(args[len(args)-1])
			if i := n - 1 + m.scriptKeyCount(o); i >= 0 && i < len(argv) && argv[i] != nil {
				r.tokenArg = store.UnwrapInterface(argv[i])
			}
		}
	}
	return r
}

// scriptKeyCount returns how many keys precede the script arguments in a
// redigo Script call (NewScript's keyCount), or 0 for go-redis, which
// passes keys separately.
func (m *model) scriptKeyCount(o *op) int {
	if o.callee == nil || o.callee.Pkg() == nil || o.callee.Pkg().Path() != "github.com/gomodule/redigo/redis" || o.handle == nil {
		return 0
	}
	call, ok := store.StripConv(o.handle).(*ssa.Call)
	if !ok || len(call.Common().Args) != 2 {
		return 0
	}
	if c, ok := call.Common().Args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		if n, exact := constant.Int64Val(c.Value); exact && n >= 0 {
			return int(n)
		}
	}
	return 0
}

// scriptOf resolves the source of a script made by NewScript (go-redis,
// redigo, rueidiscompat) or rueidis's NewLuaScript and its variants.
func (m *model) scriptOf(v ssa.Value) (string, bool) {
	call, ok := store.StripConv(v).(*ssa.Call)
	if !ok {
		if load, isLoad := v.(*ssa.UnOp); isLoad {
			switch x := load.X.(type) {
			case *ssa.Global:
				return m.globalScript(x)
			case *ssa.FieldAddr:
				return m.fieldScript(x)
			}
		}
		return "", false
	}
	fn := store.FuncObject(call.Common().StaticCallee())
	args := call.Common().Args
	if fn == nil || fn.Name() != "NewScript" && !strings.HasPrefix(fn.Name(), "NewLuaScript") || len(args) == 0 || len(args) > 2 {
		return "", false
	}
	// The source is the last string argument: NewScript(src), redigo's
	// NewScript(keyCount, src), rueidis's NewLuaScript(src, opts...).
	for i := len(args) - 1; i >= 0; i-- {
		if b, ok := args[i].Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return resolveText(m, args[i])
		}
	}
	return "", false
}

// fieldScript resolves a script kept in a struct field (a constructor's
// `&Store{unlock: redis.NewScript(src)}`): the script every store to that
// field of the package makes, when they all make the same one.
func (m *model) fieldScript(fa *ssa.FieldAddr) (string, bool) {
	field := store.FieldAddrVar(fa)
	if field == nil {
		return "", false
	}
	if r, ok := m.fieldScripts[field]; ok {
		return r.text, r.ok
	}
	if m.fieldScripts == nil {
		m.fieldScripts = make(map[*types.Var]heldScript)
	}
	text, ok := m.storedScript(field)
	m.fieldScripts[field] = heldScript{text, ok}
	return text, ok
}

// heldScript is the script a struct field holds, when known.
type heldScript struct {
	text string
	ok   bool
}

// storedScript returns the script every store to field in the package
// makes, when they all make the same one.
func (m *model) storedScript(field *types.Var) (string, bool) {
	text, found := "", false
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				addr, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || store.FieldAddrVar(addr) != field {
					continue
				}
				t, ok := m.scriptOf(st.Val)
				if !ok || found && t != text {
					return "", false
				}
				text, found = t, true
			}
		}
	}
	return text, found
}

// globalScript resolves a package-level `var s = redis.NewScript(src)`.
func (m *model) globalScript(g *ssa.Global) (string, bool) {
	if g.Pkg == nil {
		return "", false
	}
	init := g.Pkg.Func("init")
	if init == nil {
		return "", false
	}
	for _, b := range init.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == g {
				return m.scriptOf(st.Val)
			}
		}
	}
	return "", false
}
