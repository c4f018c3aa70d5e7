package sqltext

import (
	"fmt"
	"strings"
)

// renderParam renders a placeholder as its argument index or its name.
func renderParam(p Placeholder) string {
	switch {
	case p.Name != "" && p.Style == Colon:
		return ":" + p.Name
	case p.Name != "":
		return "@" + p.Name
	}
	return fmt.Sprint(p.ArgIndex())
}

// renderOperand renders an operand compactly.
func renderOperand(o Operand) string {
	switch o.Kind {
	case Column:
		if o.Qualifier != "" {
			return "col:" + strings.ReplaceAll(o.Qualifier, Hole, "?") + "." + o.Column
		}
		return "col:" + o.Column
	case Param:
		return "param:" + renderParam(o.Param)
	case Literal:
		return "lit:" + o.Text
	case Func:
		return "fn:" + o.Func
	case HoleOperand:
		return "hole"
	}
	return "expr:" + strings.ReplaceAll(o.Text, Hole, "?")
}

// renderPreds renders predicates as "left op right", prefixed "or|" when
// UnderOr.
func renderPreds(ps []Predicate) []string {
	var out []string
	for _, p := range ps {
		s := renderOperand(p.Left)
		if p.Op != "" {
			s += " " + p.Op + " " + renderOperand(p.Right)
		}
		if p.UnderOr {
			s = "or|" + s
		}
		out = append(out, s)
	}
	return out
}

// renderSet renders assignments as "col=value", with " self" when SelfRef,
// " params[...]" and " conds[...]".
func renderSet(as []Assignment) []string {
	var out []string
	for _, a := range as {
		s := a.Column + "=" + renderOperand(a.Value)
		if a.SelfRef {
			s += " self"
		}
		if len(a.Params) > 0 {
			s += " params" + fmt.Sprint(renderParams(a.Params))
		}
		if len(a.Conds) > 0 {
			s += " conds" + fmt.Sprint(renderPreds(a.Conds))
		}
		out = append(out, s)
	}
	return out
}

// renderParams renders placeholders with renderParam.
func renderParams(ps []Placeholder) []string {
	var out []string
	for _, p := range ps {
		out = append(out, renderParam(p))
	}
	return out
}
