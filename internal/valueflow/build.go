package valueflow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Build builds the graph over fns, the source functions of a package
// (closures included). It runs in three passes over the instructions:
// the moves between registers and calls first, then the loads and stores
// (whose locations are the roots the first pass finds), then the sends and
// receives (whose channels may travel through memory).
func Build(fns []*ssa.Function, opts Options) *Graph {
	g := &Graph{
		ids:  make(map[any]Node),
		fns:  make(map[*ssa.Function]bool, len(fns)),
		opts: opts,
	}
	g.node(Escape)
	for _, fn := range fns {
		g.fns[fn] = true
	}
	var methods []*ssa.Function
	for _, fn := range fns {
		if fn.Signature.Recv() != nil {
			methods = append(methods, fn)
		}
	}
	if g.opts.Implementations == nil {
		g.opts.Implementations = func(c *ssa.CallCommon) []*ssa.Function { return implementations(methods, c) }
	}
	for _, fn := range fns {
		g.registers(fn)
	}
	for _, fn := range fns {
		g.externalEntry(fn)
	}
	roots := newRoots(g)
	for _, fn := range fns {
		g.memory(fn, roots)
	}
	chans := newRoots(g)
	for _, fn := range fns {
		g.channels(fn, chans)
	}
	return g
}

// externalEntry joins the parameters and results of a function that code
// outside the graph may call to Escape: its parameters may hold anything,
// and what it returns leaves the graph.
func (g *Graph) externalEntry(fn *ssa.Function) {
	external := g.opts.External
	if external == nil {
		external = exportedOrMethod
	}
	if fn.Parent() != nil || !external(fn) {
		return
	}
	for _, p := range fn.Params {
		g.add(Escape, p, Copy)
	}
	for i := 0; i < fn.Signature.Results().Len(); i++ {
		g.add(Result{fn, i}, Escape, Copy)
	}
}

// exportedOrMethod reports whether fn is exported or a method (which an
// interface call from outside may reach).
func exportedOrMethod(fn *ssa.Function) bool {
	return fn.Signature.Recv() != nil || token.IsExported(fn.Name())
}

// registers adds the edges of the instructions that move values between
// registers, and of calls.
func (g *Graph) registers(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Phi:
				for _, e := range x.Edges {
					g.add(e, x, Copy)
				}
			case *ssa.ChangeType:
				g.add(x.X, x, Copy)
			case *ssa.Convert:
				g.add(x.X, x, Copy)
			case *ssa.MultiConvert:
				g.add(x.X, x, Copy)
			case *ssa.ChangeInterface:
				g.add(x.X, x, Copy)
			case *ssa.MakeInterface:
				g.add(x.X, x, Copy)
			case *ssa.SliceToArrayPointer:
				g.add(x.X, x, Copy)
			case *ssa.TypeAssert:
				if x.CommaOk {
					g.add(x.X, TupleItem{x, 0}, Copy)
				} else {
					g.add(x.X, x, Copy)
				}
			case *ssa.Extract:
				g.add(TupleItem{x.Tuple, x.Index}, x, Copy)
				if _, ok := x.Tuple.(*ssa.Select); !ok {
					g.add(x.Tuple, x, Part)
				}
			case *ssa.Slice:
				g.add(x.X, x, Copy)
			case *ssa.Field:
				g.add(x.X, x, Part)
				g.add(Field{x.X.Type().Underlying().(*types.Struct).Field(x.Field)}, x, Copy)
			case *ssa.FieldAddr:
				g.add(x.X, x, Part)
			case *ssa.Index:
				g.add(x.X, x, Part)
				g.add(Elem{elemKey(x.X.Type())}, x, Copy)
			case *ssa.IndexAddr:
				g.add(x.X, x, Part)
			case *ssa.Lookup:
				g.add(x.X, x, Part)
				if x.CommaOk {
					g.add(Elem{elemKey(x.X.Type())}, TupleItem{x, 0}, Copy)
				} else {
					g.add(Elem{elemKey(x.X.Type())}, x, Copy)
				}
			case *ssa.MapUpdate:
				g.add(x.Value, Elem{elemKey(x.Map.Type())}, Copy)
				g.add(x.Value, x.Map, Into)
			case *ssa.Next:
				if !x.IsString {
					g.add(Elem{elemKey(x.Iter.(*ssa.Range).X.Type())}, TupleItem{x, 2}, Copy)
				}
			case *ssa.UnOp:
				if x.Op == token.MUL {
					g.add(x.X, x, Part)
				}
			case *ssa.MakeClosure:
				if c, ok := x.Fn.(*ssa.Function); ok {
					for i, bound := range x.Bindings {
						if i < len(c.FreeVars) {
							g.add(bound, c.FreeVars[i], Copy)
						}
					}
				}
			case *ssa.Return:
				for i, r := range x.Results {
					g.add(r, Result{fn, i}, Copy)
				}
			case ssa.CallInstruction:
				g.call(x)
			}
		}
	}
}

// call adds the edges of one call: to the functions of the graph it
// resolves to, or the flows of its summary and its escape.
func (g *Graph) call(instr ssa.CallInstruction) {
	c := instr.Common()
	v := instr.Value() // nil for go and defer
	if b, ok := c.Value.(*ssa.Builtin); ok {
		g.builtin(b, c, v)
		return
	}
	if g.contextCall(c, v) {
		return
	}
	callees := g.resolve(c)
	for _, fn := range callees {
		args := c.Args
		if c.IsInvoke() {
			args = append([]ssa.Value{c.Value}, c.Args...)
		}
		for i, a := range args {
			if i < len(fn.Params) {
				g.add(a, fn.Params[i], Copy)
			}
		}
		if v != nil {
			g.results(fn, v)
		}
	}
	if len(callees) > 0 {
		return
	}
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, c.Args...)
	}
	for _, a := range args {
		g.add(a, Escape, Copy)
	}
	if v == nil || g.opts.Summary == nil {
		return
	}
	for _, f := range g.opts.Summary(c) {
		if f.From < 0 || f.From >= len(args) {
			continue
		}
		if f.To < 0 || c.Signature().Results().Len() == 1 {
			g.add(args[f.From], v, Copy)
		} else {
			g.add(args[f.From], TupleItem{v, f.To}, Copy)
		}
	}
}

// results joins the results of fn to the value of a call of it.
func (g *Graph) results(fn *ssa.Function, v ssa.Value) {
	n := fn.Signature.Results().Len()
	switch {
	case n == 1:
		g.add(Result{fn, 0}, v, Copy)
	case n > 1:
		for i := 0; i < n; i++ {
			g.add(Result{fn, i}, TupleItem{v, i}, Copy)
		}
	}
}

// builtin adds the flows of a builtin call: append returns its slice and
// stores its elements.
func (g *Graph) builtin(b *ssa.Builtin, c *ssa.CallCommon, v ssa.Value) {
	if b.Name() != "append" || len(c.Args) == 0 || v == nil {
		return
	}
	g.add(c.Args[0], v, Copy)
	for _, a := range c.Args[1:] {
		g.add(a, v, Copy)
	}
}

// contextCall adds the flows of the context package: a derived context
// is a part of its parent, WithValue stores its value under its key, and
// Value loads it. It reports whether c was such a call.
func (g *Graph) contextCall(c *ssa.CallCommon, v ssa.Value) bool {
	if c.IsInvoke() {
		if c.Method.Name() == "Value" && isContext(c.Value.Type()) && len(c.Args) == 1 && v != nil {
			if key, ok := ContextKey(c.Args[0]); ok {
				g.add(CtxValue{key}, v, Copy)
			}
			return true
		}
		return false
	}
	callee := c.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "context" || len(c.Args) == 0 || v == nil {
		return false
	}
	if callee.Name() == "WithValue" && len(c.Args) == 3 {
		if key, ok := ContextKey(c.Args[1]); ok {
			g.add(c.Args[2], CtxValue{key}, Copy)
		}
	}
	if !isContext(c.Args[0].Type()) {
		return false
	}
	if c.Signature().Results().Len() == 1 {
		g.add(c.Args[0], v, Part)
	} else {
		g.add(c.Args[0], TupleItem{v, 0}, Part)
	}
	return true
}

// isContext reports whether t is context.Context.
func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// ContextKey names a context key as the graph's CtxValue nodes do: a
// constant by its type and value, a value of a named type made from
// nothing (ctxKey{}) by its type, a global by its name.
func ContextKey(v ssa.Value) (string, bool) {
	for {
		mi, ok := v.(*ssa.MakeInterface)
		if !ok {
			break
		}
		v = mi.X
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil {
			return types.TypeString(x.Type(), nil) + "{}", true
		}
		return types.TypeString(x.Type(), nil) + "=" + x.Value.ExactString(), x.Value.Kind() != constant.Unknown
	case *ssa.Global:
		return x.RelString(nil), true
	case *ssa.UnOp:
		if gl, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			return "*" + gl.RelString(nil), true
		}
	}
	return "", false
}

// resolve returns the functions of the graph a call may run.
func (g *Graph) resolve(c *ssa.CallCommon) []*ssa.Function {
	if c.IsInvoke() {
		return g.opts.Implementations(c)
	}
	if fn := c.StaticCallee(); fn != nil {
		if g.fns[fn] {
			return []*ssa.Function{fn}
		}
		return nil
	}
	// A function value: the functions and closures that reach it.
	var out []*ssa.Function
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth > 6 || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Function:
			if g.fns[x] {
				out = append(out, x)
			}
		case *ssa.MakeClosure:
			if fn, ok := x.Fn.(*ssa.Function); ok && g.fns[fn] {
				out = append(out, fn)
			}
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		case *ssa.ChangeType:
			walk(x.X, depth+1)
		}
	}
	walk(c.Value, 0)
	return out
}

// implementations returns the methods among methods whose receiver type
// implements the interface an invoke call is made on, with the called
// method's name.
func implementations(methods []*ssa.Function, c *ssa.CallCommon) []*ssa.Function {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []*ssa.Function
	for _, fn := range methods {
		if fn.Name() != c.Method.Name() || fn.Parent() != nil {
			continue
		}
		recv := fn.Signature.Recv().Type()
		if types.Implements(recv, iface) {
			out = append(out, fn)
		}
	}
	return out
}

// elemKey names the element location of a container type.
func elemKey(t types.Type) string {
	t = t.Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	switch x := t.(type) {
	case *types.Slice:
		return "[]" + types.TypeString(x.Elem(), nil)
	case *types.Array:
		return "[]" + types.TypeString(x.Elem(), nil)
	case *types.Map:
		return "map[" + types.TypeString(x.Key(), nil) + "]" + types.TypeString(x.Elem(), nil)
	}
	return types.TypeString(t, nil)
}
