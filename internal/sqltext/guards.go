package sqltext

import "strings"

// Incoming reports whether the operand is a value the statement brings in
// (a parameter, or EXCLUDED.col / VALUES(col) of an upsert) rather than
// one stored in the row.
func (o Operand) Incoming() bool {
	switch o.Kind {
	case Param:
		return true
	case Column:
		return o.Qualifier == "excluded" || o.Qualifier == "values"
	}
	return false
}

// StoredColumn returns the column on the stored side of the predicate, or
// "".
func (p *Predicate) StoredColumn() string {
	for _, side := range [2]Operand{p.Left, p.Right} {
		if side.Kind == Column && !side.Incoming() {
			return side.Column
		}
	}
	return ""
}

// IncomingOperand returns the side of the predicate the statement brings
// in (a parameter, EXCLUDED.col) or a literal, false when neither side is.
func (p *Predicate) IncomingOperand() (Operand, bool) {
	for _, side := range [2]Operand{p.Left, p.Right} {
		if side.Incoming() || side.Kind == Literal {
			return side, true
		}
	}
	return Operand{}, false
}

// AcceptsOlder reports whether a token predicate accepts a write whose
// token is older than the stored one: the stored column must be less than
// (or equal to) the incoming token, never greater.
func (p *Predicate) AcceptsOlder() bool {
	stored, incoming := p.Left, p.Right
	op := p.Op
	if stored.Incoming() && !incoming.Incoming() {
		stored = incoming
		op = Mirror(op)
	}
	if stored.Kind != Column || stored.Incoming() {
		return false
	}
	return op == ">" || op == ">="
}

// Text returns the predicate as written, "lhs op rhs".
func (p *Predicate) Text() string {
	return strings.TrimSpace(p.Left.Text + " " + p.Op + " " + p.Right.Text)
}

// Mirror returns the comparison operator with its operands swapped.
func Mirror(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}
