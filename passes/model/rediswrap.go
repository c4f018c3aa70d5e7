package model

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Redis client wrappers. A function of the package whose one store call
// is a go-redis command on a key one of its parameters gives, and which
// returns the command's outcome
//
//	func (w Wrapper) LRem(key string, count int64, value string) (int64, error) {
//		return w.raw.LRem(ctx, key, count, value).Result()
//	}
//
// cannot tell whose key it writes or whether the outcome is checked; its
// callers can. A call of such a wrapper, directly or through an interface
// whose every implementation in the package is a wrapper of the same
// command or keeps its state in memory (a fake for tests beside the real
// client), is read as the command itself with the caller's arguments: the
// lock or reservation held in the key and the check of the outcome are the
// caller's. The wrapper's body is not entered from those calls; it is
// still judged on its own when something else reaches it. The wrapper's
// FuncFact names its command and where its parameters go, so calls in
// other packages are read the same way.

// maxOutcomeDepth bounds the walk from a wrapper's result to its command.
const maxOutcomeDepth = 6

// localWrapperForm returns the form of fn, a function of the package,
// when it is a wrapper; memoised.
func (m *model) localWrapperForm(fn *ssa.Function) (wrapperForm, bool) {
	f, seen := m.redisWrappers[fn]
	if !seen {
		if m.redisWrappers == nil {
			m.redisWrappers = make(map[*ssa.Function]*wrapperForm)
		}
		f = m.findRedisWrapper(fn)
		m.redisWrappers[fn] = f
	}
	if f == nil {
		return wrapperForm{}, false
	}
	return *f, true
}

// findRedisWrapper returns the form of fn when it is a wrapper, or nil: a
// declared function of the package with one catalogued call, a go-redis
// command whose key is one of fn's parameters, no call of a function of
// the package, of a function value or through the package's interfaces,
// and a result that comes from the command.
func (m *model) findRedisWrapper(fn *ssa.Function) *wrapperForm {
	if fn.Parent() != nil || m.local[fn] == nil || len(fn.Blocks) == 0 {
		return nil
	}
	var inner ssa.CallInstruction
	var innerFn *types.Func
	var entry *catalogue.Entry
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, ok := instr.(*ssa.Call); !ok {
				return nil // a go or defer statement
			}
			callee := store.CalledFunc(call)
			if callee == nil {
				if _, builtin := call.Common().Value.(*ssa.Builtin); builtin {
					continue
				}
				return nil // a function value
			}
			if e := catalogue.Lookup(callee); e != nil {
				if inner != nil || e.Class != catalogue.RedisCommand {
					return nil
				}
				inner, innerFn, entry = call, callee, e
				continue
			}
			if callee.Pkg() == m.pass.Pkg || call.Common().IsInvoke() && m.userPackage(callee.Pkg()) {
				return nil
			}
		}
	}
	if inner == nil || !returnsOutcome(fn, inner) {
		return nil
	}
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	form := &wrapperForm{entry: entry}
	keyPassed, first := false, true
	for _, a := range callOf(inner, innerFn, entry).Args {
		d := -1
		if p, ok := store.StripConv(a).(*ssa.Parameter); ok {
			d = paramPos(fn, p) - recv
		}
		if store.IsContext(a.Type()) {
			if d >= 0 {
				form.args = append(form.args, d) // the caller's context
			}
			continue // else the wrapper's own, left out
		}
		form.args = append(form.args, max(d, -1))
		// The first argument after the context is the command's key (the
		// keys, for a command on several).
		keyPassed = keyPassed || first && d >= 0
		first = false
	}
	if !keyPassed {
		return nil // a key of the wrapper's own (a lock's field): its body decides
	}
	return form
}

// returnsOutcome reports whether a result of fn other than an error comes
// from call: its command object, or a value its Result or Val returns.
func returnsOutcome(fn *ssa.Function, call ssa.CallInstruction) bool {
	cmd := call.Value()
	if cmd == nil {
		return false
	}
	var from func(v ssa.Value, depth int) bool
	from = func(v ssa.Value, depth int) bool {
		if depth > maxOutcomeDepth {
			return false
		}
		switch x := store.StripConv(v).(type) {
		case *ssa.Call:
			return x == cmd || store.IsMethodCallOn(x, cmd)
		case *ssa.Extract:
			return from(x.Tuple, depth+1)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if from(e, depth+1) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, r := range ret.Results {
				if !store.IsError(r.Type()) && from(r, 0) {
					return true
				}
			}
		}
	}
	return false
}

// wrapperForm is what a call of a wrapper needs to be read as its
// command: the command's catalogue entry and, for each of its arguments
// after the receiver (a context the wrapper makes itself left out), the
// declared index (receiver excluded) of the wrapper's parameter passed
// there, or -1.
type wrapperForm struct {
	entry *catalogue.Entry
	args  []int
}

// equal reports whether two wrappers run one command with their
// parameters in the same places.
func (f wrapperForm) equal(g wrapperForm) bool {
	return f.entry == g.entry && slices.Equal(f.args, g.args)
}

// importedWrapperForm returns the form of fn, a function of another
// package, from its FuncFact.
func (m *model) importedWrapperForm(fn *types.Func) (wrapperForm, bool) {
	f, ok := m.importedFact(fn)
	if !ok || f.RedisCommand == "" {
		return wrapperForm{}, false
	}
	e := catalogue.LookupName(f.RedisCommand)
	if e == nil || e.Class != catalogue.RedisCommand {
		return wrapperForm{}, false
	}
	return wrapperForm{entry: e, args: f.RedisArgs}, true
}

// redisWrapperFact returns what FuncFact says of fn when it is a Redis
// client wrapper: its command's catalogue name and where its parameters
// go.
func (m *model) redisWrapperFact(fn *ssa.Function) (string, []int) {
	form, ok := m.localWrapperForm(fn)
	if !ok {
		return "", nil
	}
	return form.entry.Name, form.args
}

// wrappedRedisCall returns call as the command of the wrapper it calls,
// with the caller's arguments where the wrapper passes its parameters and
// a value nothing is known of for what the wrapper passes itself.
func (m *model) wrappedRedisCall(call ssa.CallInstruction) (store.Call, bool) {
	form, ok := m.wrapperFormOf(call)
	if !ok {
		return store.Call{}, false
	}
	common := call.Common()
	off := argOffset(common)
	args := make([]ssa.Value, len(form.args))
	for i, d := range form.args {
		if d >= 0 && d+off < len(common.Args) {
			args[i] = common.Args[d+off]
		} else {
			args[i] = ssa.NewConst(nil, types.Typ[types.UntypedNil]) // known to the wrapper only
		}
	}
	method := form.entry.Name[strings.LastIndex(form.entry.Name, ".")+1:]
	return store.Call{Instr: call, Entry: form.entry, Method: method, Args: args}, true
}

// wrapperFormOf returns the form of the wrapper a call runs: a static call
// of a wrapper, of this package or another, or a call through an
// interface of the program whose implementations are all wrappers of one
// command with their parameters in the same places, or functions of the
// package that keep their state in memory, at least one a wrapper.
func (m *model) wrapperFormOf(call ssa.CallInstruction) (wrapperForm, bool) {
	common := call.Common()
	if !common.IsInvoke() {
		fn := common.StaticCallee()
		if fn == nil || fn.Origin() != nil || fn.Pkg == nil {
			return wrapperForm{}, false
		}
		if fn.Pkg.Pkg == m.pass.Pkg {
			return m.localWrapperForm(fn)
		}
		if obj := store.FuncObject(fn); obj != nil {
			return m.importedWrapperForm(obj)
		}
		return wrapperForm{}, false
	}
	method := common.Method
	if method == nil || !m.userPackage(method.Pkg()) {
		return wrapperForm{}, false
	}
	key := implKey{common.Value.Type(), method}
	f, seen := m.ifaceWrappers[key]
	if !seen {
		if m.ifaceWrappers == nil {
			m.ifaceWrappers = make(map[implKey]*wrapperForm)
		}
		f = m.implementedWrapper(key)
		m.ifaceWrappers[key] = f
	}
	if f == nil {
		return wrapperForm{}, false
	}
	return *f, true
}

// implementedWrapper returns the form every implementation of an
// interface method wraps, nil when they do not all wrap one command with
// their parameters in the same places (or keep their state in memory).
func (m *model) implementedWrapper(key implKey) *wrapperForm {
	if len(m.hiddenImplementations(key.method)) > 0 {
		return nil
	}
	var found *wrapperForm
	agree := func(f wrapperForm) bool {
		if found != nil && !found.equal(f) {
			return false
		}
		found = &f
		return true
	}
	for _, im := range m.implementations(key.iface, key.method) {
		if im.method.Pkg() != m.pass.Pkg {
			if f, ok := m.importedWrapperForm(im.method); !ok || !agree(f) {
				return nil
			}
			continue
		}
		if _, ok := m.funcDirectives(im.method); ok {
			return nil
		}
		fn := m.localFunc(im.method)
		if fn == nil {
			return nil
		}
		if f, ok := m.localWrapperForm(fn); ok {
			if !agree(f) {
				return nil
			}
			continue
		}
		if plain, keeps := m.inMemory(fn, 0); !plain || !keeps {
			return nil // an implementation that does nothing vetoes
		}
	}
	return found
}

// maxInMemoryDepth bounds the walk through the callees of an in-memory
// implementation.
const maxInMemoryDepth = 4

// inMemory reports whether fn is plain, calling nothing the catalogue or
// a fact describes, no function value and nothing through the package's
// interfaces (and the package's functions it calls are plain too), and
// whether it keeps state in memory: it updates a map, or stores through a
// pointer, a field or an element.
func (m *model) inMemory(fn *ssa.Function, depth int) (plain, keeps bool) {
	if depth > maxInMemoryDepth || len(fn.Blocks) == 0 {
		return false, false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.MapUpdate:
				keeps = true
			case *ssa.Store:
				if _, local := x.Addr.(*ssa.Alloc); !local {
					keeps = true
				}
			case *ssa.Go:
				return false, false
			}
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			if _, builtin := common.Value.(*ssa.Builtin); builtin {
				continue
			}
			var sub *ssa.Function
			callee := store.CalledFunc(call)
			switch {
			case callee == nil:
				mc, ok := common.Value.(*ssa.MakeClosure)
				if !ok {
					return false, false
				}
				sub, _ = mc.Fn.(*ssa.Function)
			case catalogue.Lookup(callee) != nil:
				return false, false
			case common.IsInvoke() && m.userPackage(callee.Pkg()):
				return false, false
			case callee.Pkg() == m.pass.Pkg:
				sub = common.StaticCallee()
			default:
				if _, ok := m.importedFact(callee); ok {
					return false, false
				}
				continue
			}
			if sub == nil {
				return false, false
			}
			p, k := m.inMemory(sub, depth+1)
			if !p {
				return false, false
			}
			keeps = keeps || k
		}
	}
	return true, keeps
}

// classifyRedisWrapperCall classifies call o of a Redis client wrapper as
// the wrapper's command with the caller's arguments, and keeps the scope
// out of the wrapper's body. It reports whether o called one.
func (m *model) classifyRedisWrapperCall(o *op) bool {
	c, ok := m.wrappedRedisCall(o.instr)
	if !ok {
		return false
	}
	o.local = nil
	m.applyOp(o, m.redisReader().Read(core{m}, c))
	return true
}
