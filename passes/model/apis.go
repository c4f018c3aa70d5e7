package model

import (
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/internal/luascript"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// classifyAPI fills o from a catalogue entry of a non-SQL class. args are
// the call's arguments without the receiver. It returns nil when the call
// does nothing the rules care about, or when fencecheck cannot tell (an
// input struct that comes from elsewhere, a script it cannot read).
func (m *model) classifyAPI(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	verb := e.Verb
	if verb == "" {
		verb = "writes"
	}
	write := func(g Guard) *op {
		o.write, o.guard, o.verb = true, g, verb
		return o
	}
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
	case catalogue.Guarded:
		if c, ok := store.ArgAt(args, 1).(*ssa.Const); ok && o.callee.Name() == "EndTransaction" && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value) {
			return nil // kgo.TryAbort: aborting is not a write
		}
		if e.Reason != "" {
			o.note = e.Reason
			return write(StateGuard)
		}
		if e.Arg >= 0 && len(e.Fields) == 0 {
			setConditionToken(o, store.ArgAt(args, e.Arg)) // the argument itself is the token (condopts.go)
		} else if e.Arg >= 0 {
			if values, ok := store.FieldValues(store.ArgAt(args, e.Arg)); ok {
				for _, f := range e.Fields {
					if v := values[f]; v != nil && o.condValue == nil {
						o.condValue = v
					}
				}
			}
		}
		return write(HelperGuard)
	case catalogue.CondSink:
		values, ok := store.FieldValues(store.ArgAt(args, e.Arg))
		if !ok {
			m.noteSilent(o.instr, NotJudged, "its input is built elsewhere, so whether it sets a condition cannot be told")
			return nil
		}
		for _, f := range e.Fields {
			if v := values[f]; v != nil {
				o.condValue = v
				if f == "ConditionExpression" {
					m.conditionExpression(o, v)
				}
				return write(HelperGuard)
			}
		}
		o.note = "set " + strings.Join(e.Fields, " or ") + " to make the store reject a stale write"
		return write(NoGuard)
	case catalogue.VersionedSink:
		if o.callee.Name() == "Delete" && m.fromAcquisition(store.ArgAt(args, 0)) {
			o.release = true // deleting our own lock node releases the lock
			return o
		}
		v, ok := store.ArgAt(args, e.Arg).(*ssa.Const)
		if ok && v.Value != nil && v.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(v.Value); exact && n == -1 {
				o.note = "version -1 matches any version"
				return write(NoGuard)
			}
		}
		o.condValue = store.ArgAt(args, e.Arg)
		return write(HelperGuard)
	case catalogue.TxnCommit:
		chain := store.ReceiverCalls(o.handle)
		guarded, writes := false, false
		for _, c := range chain {
			switch store.CalledName(c) {
			case "If":
				guarded = true
				m.txnCompares(o, c)
			case "Then", "Else":
				writes = true
			}
		}
		switch {
		case !writes:
			return nil // a read or an ownership probe: no write
		case guarded:
			return write(HelperGuard)
		}
		return write(NoGuard)
	case catalogue.LockerFactory:
		return nil
	case catalogue.ScriptEval:
		return m.classifyScript(o, e, args)
	case catalogue.WatchTx:
		if fn := closureFunc(store.ArgAt(args, e.Arg)); fn != nil {
			m.watchGuarded[fn] = true
		}
		return nil
	case catalogue.HTTPDo:
		return m.classifyHTTP(o, args, write)
	case catalogue.ChainGuard:
		for _, c := range store.ReceiverCalls(o.handle) {
			for _, f := range e.Fields {
				if store.CalledName(c) != f {
					continue
				}
				if cargs := store.CallArgs(c); len(cargs) > 1 {
					if values, ok := store.FieldValues(cargs[1]); ok {
						for _, v := range sortedValues(values) {
							o.condValue = v
							break
						}
					}
				}
				return write(HelperGuard)
			}
		}
		return write(NoGuard)
	case catalogue.TxnProduce:
		if m.txnBegun(o, e.Fields) {
			return write(TxGuard)
		}
		return write(NoGuard)
	case catalogue.OpsGuard:
		if namesAny(o.instr.Parent(), e.Fields) {
			return write(HelperGuard)
		}
		return write(NoGuard)
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

// txnCompares inspects the compares of an etcd If(…): a revision compared
// with ">" or ">=" against a token accepts older tokens; the value
// compared is the token whose origin weakguard checks.
func (m *model) txnCompares(o *op, ifCall *ssa.Call) {
	args := store.CallArgs(ifCall)
	if len(args) < 2 {
		return
	}
	for _, cmp := range store.Varargs(args[1]) {
		call, ok := store.StripConv(cmp).(*ssa.Call)
		if !ok {
			continue
		}
		fn := funcObject(call.Common().StaticCallee())
		if fn == nil || fn.Name() != "Compare" || len(call.Common().Args) != 3 {
			continue
		}
		target, _ := call.Common().Args[0].(*ssa.Call)
		op, _ := call.Common().Args[1].(*ssa.Const)
		value := store.UnwrapInterface(call.Common().Args[2])
		if o.tokenArg == nil {
			o.tokenArg = value
		}
		if target == nil || op == nil || op.Value == nil || op.Value.Kind() != constant.String {
			continue
		}
		kind := store.CalledName(target)
		if (kind == "ModRevision" || kind == "CreateRevision" || kind == "Version") &&
			(constant.StringVal(op.Value) == ">" || constant.StringVal(op.Value) == ">=") {
			o.wrongWay = "Compare(" + kind + "(…), \"" + constant.StringVal(op.Value) + "\", token)"
		}
	}
}

// classifyScript classifies a Lua script run with the Redis reader: the
// release or renewal of one of the package's locks, a claim, a guarded
// write when the script compares what it read before writing, a write
// when it writes without comparing, nothing when it only reads or cannot
// be read.
func (m *model) classifyScript(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	c := store.Call{Instr: o.instr, Entry: e, Method: o.callee.Name(), Handle: o.handle, Args: args}
	text, ok := core{m}.Script(c)
	if !ok {
		src := o.handle
		if e.Arg >= 0 {
			src = store.ArgAt(args, e.Arg)
		}
		m.noteScriptWrapper(o, src) // a script wrapper: its callers pass the script
		m.noteSilent(o.instr, NotJudged, "the Lua script's text is not known here (built at run time, loaded from a file or an embedded file, or kept in a field)")
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

// scriptOf resolves the source of a *redis.Script made by NewScript.
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
	fn := funcObject(call.Common().StaticCallee())
	args := call.Common().Args
	if fn == nil || fn.Name() != "NewScript" || len(args) == 0 || len(args) > 2 {
		return "", false
	}
	return resolveText(m, args[len(args)-1]) // redigo's NewScript(keyCount, src)
}

// fieldScript resolves a script kept in a struct field (a constructor's
// `&Store{unlock: redis.NewScript(src)}`): the script every store to that
// field of the package makes, when they all make the same one.
func (m *model) fieldScript(fa *ssa.FieldAddr) (string, bool) {
	field := fieldOf(fa)
	if field == nil {
		return "", false
	}
	text, found := "", false
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				addr, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || fieldOf(addr) != field {
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

// fieldOf returns the struct field a field address selects.
func fieldOf(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field)
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

// classifyHTTP classifies Client.Do: a write unless the request's method
// is GET, HEAD or OPTIONS; guarded when the request carries the fencing
// header or If-Match.
func (m *model) classifyHTTP(o *op, args []ssa.Value, write func(Guard) *op) *op {
	req := store.StripConv(store.ArgAt(args, 0))
	newReq := requestCall(req)
	if newReq == nil {
		m.noteSilent(o.instr, NotJudged, "the request is built elsewhere: its method is unknown")
		return nil // a request built elsewhere: its method is unknown
	}
	method := ""
	for _, a := range newReq.Common().Args {
		if c, ok := a.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			method = strings.ToUpper(constant.StringVal(c.Value))
			break
		}
	}
	switch method {
	case "GET", "HEAD", "OPTIONS", "TRACE":
		return nil
	case "":
		return nil // a method chosen at run time: cannot tell
	}
	verb := strings.ToLower(method) + "s"
	if tok, ok := fenceHeader(req); ok {
		o.tokenArg = tok
		r := write(TokenGuard)
		r.verb = verb
		return r
	}
	o.note = "send the token in the " + config.FencingHeader() + " header and have the service reject older ones"
	r := write(NoGuard)
	r.verb = verb
	return r
}

// requestCall returns the http.NewRequest[WithContext] call that built
// req, or nil.
func requestCall(req ssa.Value) *ssa.Call {
	ex, ok := req.(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := funcObject(call.Common().StaticCallee())
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || !strings.HasPrefix(fn.Name(), "NewRequest") {
		return nil
	}
	return call
}

// fenceHeader returns the value a request's fencing header (or If-Match)
// is set to, looking for req.Header.Set/Add(name, value).
func fenceHeader(req ssa.Value) (ssa.Value, bool) {
	refs := req.Referrers()
	if refs == nil {
		return nil, false
	}
	want := strings.ToLower(config.FencingHeader())
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || store.FieldName(fa) != "Header" || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			load, ok := rr.(*ssa.UnOp)
			if !ok || load.Referrers() == nil {
				continue
			}
			for _, use := range *load.Referrers() {
				call, ok := use.(*ssa.Call)
				if !ok || len(call.Common().Args) != 3 {
					continue
				}
				if name := store.CalledName(call); name != "Set" && name != "Add" {
					continue
				}
				key, ok := call.Common().Args[1].(*ssa.Const)
				if !ok || key.Value == nil || key.Value.Kind() != constant.String {
					continue
				}
				switch strings.ToLower(constant.StringVal(key.Value)) {
				case want, "if-match":
					return call.Common().Args[2], true
				}
			}
		}
	}
	return nil, false
}

// txnBegun reports whether a method named in begin was called on the same
// producer before o, on every path to it.
func (m *model) txnBegun(o *op, begin []string) bool {
	if o.handle == nil {
		return false
	}
	fn := o.instr.Parent()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == o.instr {
				continue
			}
			args := store.CallArgs(call)
			if len(args) == 0 || !store.SameValue(args[0], o.handle) {
				continue
			}
			for _, name := range begin {
				if store.CalledName(call) == name {
					if store.Dominates(call, o.instr) {
						return true
					}
				}
			}
		}
	}
	return false
}

// namesAny reports whether the syntax of fn (or of the function it is a
// closure of) mentions one of names: a check operation being built.
func namesAny(fn *ssa.Function, names []string) bool {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil || fn.Syntax() == nil {
		return false
	}
	found := false
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			for _, name := range names {
				if id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// sortedValues returns the values of a field map ordered by field name.
func sortedValues(values map[string]ssa.Value) []ssa.Value {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]ssa.Value, len(names))
	for i, n := range names {
		out[i] = values[n]
	}
	return out
}

// conditionExpression checks a DynamoDB ConditionExpression: a token
// attribute compared so that it accepts older tokens.
func (m *model) conditionExpression(o *op, v ssa.Value) {
	text, ok := resolveText(m, derefString(v))
	if !ok {
		return
	}
	st := sqltext.Parse("UPDATE t SET c = 1 WHERE " + text)
	for i := range st.Where {
		p := &st.Where[i]
		if col := p.StoredColumn(); col != "" && vocab.IsTokenColumn(col) && p.AcceptsOlder() {
			o.wrongWay = p.Text()
			return
		}
	}
}

// derefString returns the string behind aws.String(s), or v.
func derefString(v ssa.Value) ssa.Value {
	if call, ok := v.(*ssa.Call); ok && len(call.Common().Args) == 1 {
		if fn := funcObject(call.Common().StaticCallee()); fn != nil && (fn.Name() == "String" || fn.Name() == "Ptr") {
			return call.Common().Args[0]
		}
	}
	return v
}

// fromAcquisition reports whether v is a result of an acquisition call
// (the path of the lock node it created).
func (m *model) fromAcquisition(v ssa.Value) bool {
	ex, ok := store.StripConv(v).(*ssa.Extract)
	if !ok {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	e := catalogue.Lookup(funcObject(call.Common().StaticCallee()))
	return e != nil && e.Class == catalogue.Acquire
}
