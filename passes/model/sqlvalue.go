package model

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/cql"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
)

// maxTextDepth bounds the recursion of text resolution.
const maxTextDepth = 16

// resolveText returns the SQL text v holds, with sqltext.Hole for the parts
// that are not known statically. It reports false when nothing of the text
// is known.
func resolveText(m *model, v ssa.Value) (string, bool) {
	s := textOf(m, v, 0)
	if s == "" || strings.Trim(s, sqltext.Hole+" \t\n") == "" {
		return "", false
	}
	return s, true
}

// textOf resolves v to text, returning sqltext.Hole for unknown values.
func textOf(m *model, v ssa.Value, depth int) string {
	if depth > maxTextDepth {
		return sqltext.Hole
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.String {
			return constant.StringVal(v.Value)
		}
	case *ssa.BinOp:
		if isString(v.X.Type()) {
			return textOf(m, v.X, depth+1) + textOf(m, v.Y, depth+1)
		}
	case *ssa.ChangeType:
		return textOf(m, v.X, depth+1)
	case *ssa.Convert:
		if isString(v.X.Type()) {
			return textOf(m, v.X, depth+1)
		}
		if g, ok := embeddedLoad(v); ok {
			if text, ok := m.embeddedText(g); ok {
				return text // string(script), script a //go:embed []byte
			}
		}
	case *ssa.UnOp:
		if g, ok := embeddedLoad(v); ok && isString(v.Type()) {
			if text, ok := m.embeddedText(g); ok {
				return text // a //go:embed string (embedded.go)
			}
		}
	case *ssa.MakeInterface:
		return textOf(m, v.X, depth+1)
	case *ssa.Phi:
		return phiText(m, v, depth)
	case *ssa.Call:
		return callText(m, v, depth)
	case *ssa.Slice:
		return sliceText(m, v, depth)
	case *ssa.Extract:
		return expandedText(m, v, depth)
	}
	return sqltext.Hole
}

// phiText resolves a phi to the text all of its edges agree on, else a
// hole. A string assigned on many paths of nested loops meets the same
// phis again and again: each is resolved once per depth (m.phiTexts), and
// a phi met again while it is being resolved, through a loop, is a hole.
func phiText(m *model, v *ssa.Phi, depth int) string {
	key := phiDepth{v, depth}
	if s, ok := m.phiTexts[key]; ok {
		return s
	}
	if m.phiTexts == nil {
		m.phiTexts = make(map[phiDepth]string)
	}
	m.phiTexts[key] = sqltext.Hole
	first := ""
	for i, e := range v.Edges {
		s := textOf(m, e, depth+1)
		if i == 0 {
			first = s
		} else if s != first {
			first = sqltext.Hole
			break
		}
	}
	m.phiTexts[key] = first
	return first
}

// phiDepth is a phi met at a depth of a text's resolution.
type phiDepth struct {
	phi   *ssa.Phi
	depth int
}

// callText resolves the text returned by fmt.Sprintf with a constant format
// and by SQL text rewriters such as sqlx's Rebind.
func callText(m *model, call *ssa.Call, depth int) string {
	callee := call.Common().StaticCallee()
	var fn *types.Func
	if call.Common().IsInvoke() {
		fn = call.Common().Method
	} else if callee != nil {
		fn = store.FuncObject(callee)
	}
	if fn == nil {
		return sqltext.Hole
	}
	args := store.CallArgs(call)
	if e := catalogue.Lookup(fn); e != nil && e.Class == catalogue.Identity {
		if fn.Signature().Recv() != nil {
			args = args[1:]
		}
		if e.Text < len(args) {
			return textOf(m, args[e.Text], depth+1)
		}
		return sqltext.Hole
	}
	if fn.FullName() == "fmt.Sprintf" && len(args) == 2 {
		format := textOf(m, args[0], depth+1)
		if strings.Contains(format, sqltext.Hole) {
			return sqltext.Hole
		}
		return sprintf(format, store.Varargs(args[1]), func(v ssa.Value) string { return textOf(m, v, depth+1) })
	}
	if s, ok := listCallText(m, fn, args, depth); ok {
		return s // a placeholder list (sqllists.go)
	}
	return m.returnedText(call, fn, depth)
}

// sprintf substitutes the verbs of format with the resolved text of the
// arguments, or sqltext.Hole for unknown ones; %% becomes %.
func sprintf(format string, args []ssa.Value, text func(ssa.Value) string) string {
	var b strings.Builder
	arg := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.[]*", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		verb := format[j]
		i = j
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		s := sqltext.Hole
		if arg < len(args) && args[arg] != nil {
			s = text(args[arg])
			if verb == 'd' || verb == 's' || verb == 'v' {
				s = constText(args[arg], s)
			} else {
				s = sqltext.Hole
			}
		}
		arg++
		b.WriteString(s)
	}
	return b.String()
}

// constText returns the text of an integer or string constant argument,
// falling back to resolved.
func constText(v ssa.Value, resolved string) string {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		return c.Value.ExactString()
	}
	return resolved
}

// isString reports whether t is a string type.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// preparedText resolves the SQL text of a prepared statement handle by
// finding the Prepare call that produced it, looking through the embedded
// fields of wrapper types (sqlx.Stmt embeds *sql.Stmt) and builder methods
// that return their receiver's type (gocql Query.WithContext).
func (m *model) preparedText(v ssa.Value) (string, bool) {
	for depth := 0; depth < maxTextDepth && v != nil; depth++ {
		switch x := v.(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.UnOp:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Call:
			if recv, ok := store.ChainReceiver(x); ok {
				v = recv // q.WithContext(ctx): the same statement
				continue
			}
			fn := x.Common().StaticCallee()
			if fn == nil {
				return "", false
			}
			e := catalogue.Lookup(store.FuncObject(fn))
			if e == nil || e.Class != catalogue.SQLPrepare {
				return "", false
			}
			args := store.CallArgs(x)[1:]
			if e.Text >= len(args) {
				return "", false
			}
			return resolveText(m, args[e.Text])
		default:
			return "", false
		}
	}
	return "", false
}

// sqlArg returns the call argument bound to a placeholder, or nil.
func sqlArg(o *op, p sqltext.Placeholder) ssa.Value {
	e := o.entry
	if e == nil {
		e = catalogue.Lookup(o.callee)
	}
	if e != nil && e.Class == catalogue.CQLExec {
		return sqlstore.BoundArg(cql.BoundArgs(o.handle), p)
	}
	if e == nil || e.Args < 0 || e.Named {
		return nil
	}
	args := store.CallArgs(o.instr)
	if o.handle != nil {
		args = args[1:]
	}
	if e.Args >= len(args) {
		return nil
	}
	var bound []ssa.Value
	if o.instr.Common().Signature().Variadic() && e.Args == len(args)-1 {
		bound = store.Varargs(args[e.Args])
	} else {
		bound = args[e.Args:]
	}
	return sqlstore.BoundArg(bound, p)
}
