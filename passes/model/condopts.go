package model

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
)

// classifyOptionGuard classifies a write that a variadic option can make
// conditional (NATS KV Delete(key, LastRevision(rev))): guarded when one
// of the options is built by a call of a function named in e.Fields, the
// value passed to that call being the token; a sink when the call passes
// no options or none of them conditions it; nothing when the options are
// built elsewhere (a slice passed on with opts...), since fencecheck
// cannot tell.
func (m *model) classifyOptionGuard(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	if len(args) == 0 {
		return nil
	}
	verb := e.Verb
	if verb == "" {
		verb = "writes"
	}
	o.write, o.verb = true, verb
	last := args[len(args)-1]
	if c, ok := last.(*ssa.Const); ok && c.IsNil() {
		return unconditioned(o, e)
	}
	opts := varargs(last)
	if opts == nil {
		return nil // the options come from elsewhere: cannot tell
	}
	for _, opt := range opts {
		call, ok := stripConv(opt).(*ssa.Call)
		if !ok {
			return nil // an option chosen at run time: cannot tell
		}
		fn := funcObject(call.Common().StaticCallee())
		if fn == nil {
			return nil
		}
		for _, f := range e.Fields {
			if fn.FullName() == f {
				o.guard = HelperGuard
				if cargs := call.Common().Args; len(cargs) > 0 {
					setConditionToken(o, cargs[0])
				}
				return o
			}
		}
	}
	return unconditioned(o, e)
}

// unconditioned makes o, a write that could carry a condition option, a
// plain sink write, with a note naming the option.
func unconditioned(o *op, e *catalogue.Entry) *op {
	o.guard = NoGuard
	names := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		names[i] = f[strings.LastIndexByte(f, '.')+1:] + "(revision)"
	}
	o.note = "pass " + strings.Join(names, " or ") + " to make the store reject a stale write"
	return o
}

// setConditionToken records v, the revision a compare-and-set write is
// conditioned on (NATS KV Update's revision, LastRevision's argument), as
// both the write's condition value and its token: a version read just
// before the write is judged by freshness, any other origin (a constant,
// the clock, the claim) by the token rules. A constant zero asks that the
// key not exist yet, a create-only condition with no token.
func setConditionToken(o *op, v ssa.Value) {
	v = unwrapInterface(v)
	if v == nil || isZeroConst(v) {
		return
	}
	o.condValue, o.tokenArg = v, v
}
