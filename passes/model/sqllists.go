package model

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Placeholder lists. SQL text often keys a statement by a list of bind
// parameters whose length is known only at run time: IN (%s) filled with
// strings.Repeat("?,", n)[:2*n-1], strings.TrimSuffix(strings.Repeat("?,",
// n), ","), strings.Join of a slice of "?" or "$"+strconv.Itoa(i) strings
// built in a loop, or sqlx.In expanding a slice argument. A value built
// only from placeholders and separators resolves to sqltext.ParamList
// rather than to a hole, so the statement reads as keyed by parameters
// (IN (?)) while no argument is bound to the list, nor to a '?' after it,
// whose position depends on the list's length. Anything else in the
// value (a caller's string, a column name) leaves it a hole.

// maxRepeat bounds the constant counts of strings.Repeat that are
// expanded in full.
const maxRepeat = 64

// listSeparators are the bytes that may separate the placeholders of a
// list.
const listSeparators = ", \t\n"

// listCallText resolves the text of a call that builds or trims a
// placeholder list, or reports false.
func listCallText(m *model, fn *types.Func, args []ssa.Value, depth int) (string, bool) {
	switch fn.FullName() {
	case "strings.Repeat":
		if len(args) != 2 {
			return "", false
		}
		unit := textOf(m, args[0], depth+1)
		if strings.Contains(unit, sqltext.Hole) {
			return "", false
		}
		if n, ok := constInt(args[1]); ok && n >= 0 && n <= maxRepeat {
			return strings.Repeat(unit, int(n)), true
		}
		return listUnit(unit)
	case "strings.Join":
		if len(args) != 2 {
			return "", false
		}
		sep := textOf(m, args[1], depth+1)
		if strings.Trim(sep, listSeparators) != "" {
			return "", false
		}
		found := false
		if !sliceElems(args[0], make(map[ssa.Value]bool), func(v ssa.Value) bool {
			found = true
			return placeholderValue(m, v, depth+1)
		}) || !found {
			return "", false
		}
		return sqltext.ParamList, true
	case "strings.TrimSuffix", "strings.TrimPrefix", "strings.TrimRight", "strings.TrimLeft", "strings.Trim", "strings.TrimSpace":
		if len(args) == 0 {
			return "", false
		}
		s := textOf(m, args[0], depth+1)
		if !isList(s) && (s == "" || strings.Contains(s, sqltext.Hole)) {
			return "", false
		}
		if len(args) == 1 {
			return strings.TrimSpace(s), true
		}
		cut := textOf(m, args[1], depth+1)
		if strings.Contains(cut, sqltext.Hole) {
			return "", false
		}
		switch fn.Name() {
		case "TrimSuffix":
			s = strings.TrimSuffix(s, cut)
		case "TrimPrefix":
			s = strings.TrimPrefix(s, cut)
		case "TrimRight":
			s = strings.TrimRight(s, cut)
		case "TrimLeft":
			s = strings.TrimLeft(s, cut)
		default:
			s = strings.Trim(s, cut)
		}
		return s, true
	}
	return "", false
}

// listUnit renders the repetition of unit, a text holding one placeholder
// and separators ("?,", ", ?"), as that text with the placeholder turned
// into a ParamList.
func listUnit(unit string) (string, bool) {
	i := strings.IndexAny(unit, "?$@:")
	if i < 0 {
		return "", false
	}
	j := i + 1
	for j < len(unit) && (unit[j] >= '0' && unit[j] <= '9' || unit[i] == '@' && unit[j] == 'p') {
		j++
	}
	before, after := unit[:i], unit[j:]
	if strings.Trim(before+after, listSeparators) != "" || unit[i] != '?' && j == i+1 {
		return "", false
	}
	return before + sqltext.ParamList + after, true
}

// isList reports whether s holds a ParamList and nothing but placeholders
// and separators.
func isList(s string) bool {
	if !strings.Contains(s, sqltext.ParamList) {
		return false
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(listSeparators, r) }) {
		for _, p := range strings.SplitAfter(part, sqltext.ParamList) {
			if p != "" && p != sqltext.ParamList && !isPlaceholderText(strings.TrimSuffix(p, sqltext.ParamList)) {
				return false
			}
		}
	}
	return true
}

// isPlaceholderText reports whether s is one placeholder: ?, ?N, $N, :N,
// @pN.
func isPlaceholderText(s string) bool {
	if s == "?" {
		return true
	}
	if len(s) < 2 || strings.IndexByte("?$:@", s[0]) < 0 {
		return false
	}
	digits := s[1:]
	if s[0] == '@' {
		digits = strings.TrimPrefix(digits, "p")
	}
	return digits != "" && strings.Trim(digits, "0123456789") == ""
}

// sliceText resolves s[low:high] of a known text with constant bounds,
// and of a placeholder list: the list with the separators left at the
// cut trimmed.
func sliceText(m *model, x *ssa.Slice, depth int) string {
	if !isString(x.X.Type()) {
		return sqltext.Hole
	}
	s := textOf(m, x.X, depth+1)
	if !isList(s) {
		if strings.Contains(s, sqltext.Hole) || strings.Contains(s, sqltext.ParamList) {
			return sqltext.Hole
		}
		low, high := int64(0), int64(len(s))
		ok := true
		if x.Low != nil {
			low, ok = constInt(x.Low)
		}
		if x.High != nil && ok {
			high, ok = constInt(x.High)
		}
		if !ok || low < 0 || low > high || high > int64(len(s)) {
			return sqltext.Hole
		}
		return s[low:high]
	}
	if x.Low != nil {
		if n, ok := constInt(x.Low); !ok || n != 0 {
			s = strings.TrimLeft(s, listSeparators)
		}
	}
	if x.High != nil {
		s = strings.TrimRight(s, listSeparators)
	}
	return s
}

// placeholderValue reports whether v is one placeholder: a constant such
// as "?" or "$1", a sigil joined to a number rendered at run time
// ("$"+strconv.Itoa(i+1), fmt.Sprintf("$%d", i)), or a choice of these.
func placeholderValue(m *model, v ssa.Value, depth int) bool {
	if depth > maxTextDepth {
		return false
	}
	switch x := store.StripConv(v).(type) {
	case *ssa.Const:
		return x.Value != nil && x.Value.Kind() == constant.String && isPlaceholderText(constant.StringVal(x.Value))
	case *ssa.BinOp:
		if x.Op != token.ADD || !isString(x.Type()) {
			return false
		}
		sigil := textOf(m, x.X, depth+1)
		return (sigil == "$" || sigil == "?" || sigil == ":" || sigil == "@p") && renderedInt(x.Y)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !placeholderValue(m, e, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Call:
		fn := store.FuncObject(x.Common().StaticCallee())
		if fn == nil || fn.FullName() != "fmt.Sprintf" || len(x.Common().Args) != 2 {
			return false
		}
		args := store.Varargs(x.Common().Args[1])
		format := textOf(m, x.Common().Args[0], depth+1)
		if len(args) != 1 || args[0] == nil || !isInteger(store.UnwrapInterface(args[0]).Type()) {
			return false
		}
		switch format {
		case "$%d", "?%d", ":%d", "@p%d":
			return true
		}
	}
	return false
}

// renderedInt reports whether v is an integer rendered in decimal:
// strconv.Itoa, FormatInt or FormatUint in base 10, fmt.Sprint of an
// integer.
func renderedInt(v ssa.Value) bool {
	call, ok := store.StripConv(v).(*ssa.Call)
	if !ok {
		return false
	}
	fn := store.FuncObject(call.Common().StaticCallee())
	if fn == nil {
		return false
	}
	args := call.Common().Args
	switch fn.FullName() {
	case "strconv.Itoa":
		return true
	case "strconv.FormatInt", "strconv.FormatUint":
		if len(args) != 2 {
			return false
		}
		n, ok := constInt(args[1])
		return ok && n == 10
	case "fmt.Sprint":
		if len(args) != 1 {
			return false
		}
		elems := store.Varargs(args[0])
		return len(elems) == 1 && elems[0] != nil && isInteger(store.UnwrapInterface(elems[0]).Type())
	}
	return false
}

// sliceElems calls elem for every value stored in the slice v: the
// elements appended to it, stored at its indices or written in its
// literal. It reports false when it cannot see them all (a slice from a
// parameter, a field, or one handed to a call that may write it) or when
// elem rejects one.
func sliceElems(v ssa.Value, seen map[ssa.Value]bool, elem func(ssa.Value) bool) bool {
	v = store.StripConv(v)
	if seen[v] {
		return true // a loop back to a slice being visited
	}
	if len(seen) > 4*maxTextDepth {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value == nil // a nil slice: no elements
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !sliceElems(e, seen, elem) {
				return false
			}
		}
		return true
	case *ssa.Call:
		b, ok := x.Common().Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(x.Common().Args) != 2 {
			return false
		}
		if !sliceElems(x.Common().Args[0], seen, elem) {
			return false
		}
		if added := store.Varargs(x.Common().Args[1]); added != nil {
			for _, a := range added {
				if a == nil || !elem(a) {
					return false
				}
			}
			return true
		}
		return sliceElems(x.Common().Args[1], seen, elem)
	case *ssa.MakeSlice:
		return storedElems(x, elem)
	case *ssa.Slice:
		elems := store.Varargs(x)
		if elems == nil {
			return false
		}
		for _, e := range elems {
			if e == nil || !elem(e) {
				return false
			}
		}
		return true
	}
	return false
}

// storedElems calls elem for every value stored at an index of the slice
// made by mk (ps := make([]string, n); ps[i] = "?"), and reports false when
// mk is also used in a way that may store something else, or may keep
// elements nothing is stored in (only make([]string, 0, n) has none).
func storedElems(mk *ssa.MakeSlice, elem func(ssa.Value) bool) bool {
	refs := mk.Referrers()
	if refs == nil {
		return false
	}
	stored := false
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			if r.Referrers() == nil {
				continue
			}
			for _, rr := range *r.Referrers() {
				switch rr := rr.(type) {
				case *ssa.Store:
					if !elem(rr.Val) {
						return false
					}
					stored = true
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return false
				}
			}
		case *ssa.Call:
			if !readsSlice(r) {
				return false
			}
		case *ssa.Phi, *ssa.DebugRef:
		default:
			return false
		}
	}
	n, ok := constInt(mk.Len)
	return stored || ok && n == 0
}

// readsSlice reports whether call only reads the slices it is given:
// append (which writes past their length), len, cap, strings.Join.
func readsSlice(call *ssa.Call) bool {
	if b, ok := call.Common().Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append", "len", "cap":
			return true
		}
		return false
	}
	fn := store.FuncObject(call.Common().StaticCallee())
	return fn != nil && fn.FullName() == "strings.Join"
}

// expandedText resolves the text a list-expanding call returns (sqlx.In):
// its text with each '?' whose argument is a slice, or is not known,
// turned into a ParamList.
func expandedText(m *model, x *ssa.Extract, depth int) string {
	call, ok := x.Tuple.(*ssa.Call)
	if !ok || x.Index != 0 {
		return sqltext.Hole
	}
	fn := store.CalledFunc(call)
	e := catalogue.Lookup(fn)
	args := store.CallArgs(call)
	if e != nil && e.Class == catalogue.Identity {
		// A rewriter with several results (sqlx.Named, BindNamed): its
		// first is the text.
		if fn.Signature().Recv() != nil && len(args) > 0 {
			args = args[1:]
		}
		if e.Text < len(args) {
			return textOf(m, args[e.Text], depth+1)
		}
		return sqltext.Hole
	}
	if e == nil || e.Class != catalogue.ListExpand || e.Text >= len(args) || e.Args >= len(args) {
		return sqltext.Hole
	}
	text := textOf(m, args[e.Text], depth+1)
	bound := store.Varargs(args[e.Args])
	var b strings.Builder
	last := 0
	for _, p := range sqltext.Parse(text).Params {
		if p.Style != sqltext.Question {
			continue
		}
		if i := p.ArgIndex(); i >= 0 && i < len(bound) && bound[i] != nil && !isSliceArg(bound[i]) {
			continue
		}
		b.WriteString(text[last:p.Offset])
		b.WriteString(sqltext.ParamList)
		last = p.Offset + 1
	}
	b.WriteString(text[last:])
	return b.String()
}

// isSliceArg reports whether an argument boxed in an interface is a slice
// (other than []byte) or an array, which sqlx.In expands.
func isSliceArg(v ssa.Value) bool {
	switch t := store.UnwrapInterface(v).Type().Underlying().(type) {
	case *types.Slice:
		b, ok := t.Elem().Underlying().(*types.Basic)
		return !ok || b.Kind() != types.Byte
	case *types.Array:
		return true
	case *types.Interface:
		return true // a value of unknown type: maybe a slice
	}
	return false
}

// constInt returns the value of an integer constant.
func constInt(v ssa.Value) (int64, bool) {
	c, ok := store.Unconvert(v).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// isInteger reports whether t is an integer type.
func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
