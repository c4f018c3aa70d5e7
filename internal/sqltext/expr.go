package sqltext

// boolExpr appends the predicates of the condition in tokens [a, b). The
// condition is split on top-level AND and OR; when it has a top-level OR,
// every predicate in it is UnderOr. BETWEEN's AND does not split.
func (p *parser) boolExpr(a, b int, under bool, out []Predicate) []Predicate {
	if p.depth >= maxDepth {
		return append(out, Predicate{Left: p.operand(a, b), UnderOr: under})
	}
	p.depth++
	defer func() { p.depth-- }()
	for i := a; i < b && !under; i = p.skip(i) {
		under = p.word(i) == "or"
	}
	start, between := a, false
	for i := a; i < b; i = p.skip(i) {
		switch w := p.word(i); {
		case w == "between":
			between = true
		case w == "and" && between:
			between = false
		case w == "and" || w == "or":
			out = p.conjunct(start, i, under, out)
			start = i + 1
		}
	}
	return p.conjunct(start, b, under, out)
}

// conjunct appends the predicates of one term of a condition: a NOT marks
// it UnderOr, a parenthesised group is descended, anything else is one
// predicate.
func (p *parser) conjunct(a, b int, under bool, out []Predicate) []Predicate {
	for ; a < b && (p.word(a) == "not" || p.isOp(a, "!")); a++ {
		under = true
	}
	switch {
	case a >= b:
		return out
	case p.wraps(a, b):
		return p.boolExpr(a+1, p.inner(a), under, out)
	}
	pr := Predicate{UnderOr: under}
	opA, opB, op := p.findOp(a, b)
	if op == "" {
		pr.Left = p.operand(a, b)
		return append(out, pr)
	}
	pr.Op, pr.Left, pr.Right = op, p.operand(a, opA), p.operand(min(opB, b), b)
	return append(out, pr)
}

// findOp locates the operator of a predicate in [a, b): the first
// top-level comparison or keyword operator, else the first other boolean
// operator. It returns the operator's token range and normalised form.
func (p *parser) findOp(a, b int) (int, int, string) {
	other := -1
	for i := a; i < b; i = p.skip(i) {
		t := p.toks[i]
		if op := compareOp(t.val); t.kind == tOp && op != "" {
			return i, i + 1, op
		}
		if t.kind == tOp && other < 0 && isPredicateOp(t.val) {
			other = i
		}
		if end, op := p.wordOp(i); op != "" {
			if i > a && p.word(i-1) == "not" && op != "is" && op != "is not" {
				return i - 1, end, "not " + op
			}
			return i, end, op
		}
	}
	if other >= 0 {
		return other, other + 1, p.toks[other].val
	}
	return -1, -1, ""
}

// wordOp recognises a keyword operator at i (IS [NOT] [DISTINCT FROM], IN,
// LIKE, BETWEEN, ...) and returns the index after it and its normalised
// form, or "".
func (p *parser) wordOp(i int) (int, string) {
	switch w := p.word(i); w {
	case "is":
		j := i + 1
		not := p.word(j) == "not"
		if not {
			j++
		}
		switch {
		case p.word(j) == "distinct" && p.word(j+1) == "from" && not:
			return j + 2, "="
		case p.word(j) == "distinct" && p.word(j+1) == "from":
			return j + 2, "<>"
		case not:
			return j, "is not"
		}
		return j, "is"
	case "in", "regexp", "rlike", "glob":
		return i + 1, w
	case "like", "ilike":
		return i + 1, "like"
	case "between":
		if p.word(i+1) == "symmetric" {
			return i + 2, w
		}
		return i + 1, w
	case "similar":
		if p.word(i+1) == "to" {
			return i + 2, "similar to"
		}
	}
	return i, ""
}

// isBoolish reports whether [a, b) is a condition at its top level.
func (p *parser) isBoolish(a, b int) bool {
	for i := a; i < b; i = p.skip(i) {
		if t := p.toks[i]; t.kind == tOp && (compareOp(t.val) != "" || isPredicateOp(t.val)) || isPredicateWord(p.word(i)) {
			return true
		}
	}
	return false
}

// operand describes the expression in tokens [a, b).
func (p *parser) operand(a, b int) Operand {
	op := Operand{Kind: Expr}
	if a < b {
		op.Text = p.src[p.toks[a].pos:p.toks[b-1].end]
		op.Params = p.paramsIn(a, b)
		p.classify(&op, a, b)
	}
	return op
}

// classify sets the kind (and column, parameter or function) of op from
// the tokens [a, b), looking through redundant parentheses and casts.
func (p *parser) classify(op *Operand, a, b int) {
	for range 8 {
		a0, b0 := a, b
		for p.wraps(a, b) && p.toks[a].closed {
			a, b = a+1, b-1
		}
		if b = p.stripCast(a, b); a == a0 && b == b0 {
			break
		}
	}
	if b-a == 1 {
		p.classifyToken(op, a)
		return
	}
	if b-a == 2 && ((p.isOp(a, "-") || p.isOp(a, "+")) && p.is(a+1, tNumber) || p.is(a+1, tString) && isTypedLiteral(p.word(a))) {
		op.Kind = Literal
		return
	}
	end, last, parts := p.nameChain(a, b)
	switch {
	case parts == 0:
	case end == b && p.is(last, tHole):
		op.Kind = HoleOperand
	case end == b:
		op.Kind, op.Column, op.Qualifier = Column, p.toks[last].val, p.qualifier(last-2)
	case p.is(end, tLParen) && p.toks[end].closed && p.match(end) == b:
		p.call(op, last, parts, end)
	}
}

// classifyToken classifies a one-token operand.
func (p *parser) classifyToken(op *Operand, i int) {
	switch t := p.toks[i]; {
	case t.kind == tHole:
		op.Kind = HoleOperand
	case t.kind == tParam:
		op.Kind, op.Param = Param, p.params[t.ref]
	case t.kind == tString || t.kind == tNumber || t.kind == tIdent && isLiteralWord(t.val):
		op.Kind = Literal
	case t.kind == tIdent && isTimeWord(t.val):
		op.Kind, op.Func = Func, t.val
	case t.kind == tQuoted || t.kind == tIdent && !isReserved(t.val):
		op.Kind, op.Column = Column, t.val
	}
}

// qualifier returns the qualifier of a column whose qualifying name is at
// i: "" if there is none, Hole for a hole, "values" for MySQL's row alias.
func (p *parser) qualifier(i int) string {
	switch {
	case !p.is(i+1, tDot):
		return ""
	case p.is(i, tHole):
		return Hole
	case p.rowAlias != "" && p.toks[i].val == p.rowAlias:
		return "values"
	}
	return p.toks[i].val
}

// call classifies name(...) operands: MySQL's VALUES(col) is a column,
// CAST(x AS t) is classified as x, keyword constructs (EXISTS, ANY, ROW)
// are expressions and the rest are function calls.
func (p *parser) call(op *Operand, last, parts, open int) {
	name, in0, in1 := p.toks[last], open+1, p.inner(open)
	fn := name.kind == tIdent && parts == 1
	switch {
	case name.kind == tHole:
	case fn && name.val == "values":
		if end, l, n := p.nameChain(in0, in1); n > 0 && end == in1 && !p.is(l, tHole) {
			op.Kind, op.Column, op.Qualifier = Column, p.toks[l].val, "values"
		}
	case fn && name.val == "cast":
		if as := p.findKw(in0, in1, "as"); as >= 0 && p.depth < maxDepth {
			inner := Operand{Kind: Expr}
			p.depth++
			p.classify(&inner, in0, as)
			p.depth--
			op.Kind, op.Column, op.Qualifier, op.Param, op.Func = inner.Kind, inner.Column, inner.Qualifier, inner.Param, inner.Func
		}
	case name.val != "" && (name.kind != tIdent || !isNonCallWord(name.val)):
		op.Kind, op.Func = Func, name.val
	}
}

// stripCast returns the end of [a, b) without a trailing ::type cast.
func (p *parser) stripCast(a, b int) int {
	cast := -1
	for i := a; i < b; i = p.skip(i) {
		switch t := p.toks[i]; t.kind {
		case tOp:
			if t.val != "::" {
				cast = -1
			} else if cast < 0 && i > a {
				cast = i
			}
		case tIdent, tQuoted, tDot, tLParen, tLBrack:
		default:
			cast = -1
		}
	}
	if cast < 0 {
		return b
	}
	return cast
}

// paramsIn returns the placeholders in tokens [a, b), or nil. The slice
// shares the parser's array (capped, so appending copies), which keeps
// the cost constant however deeply operands nest.
func (p *parser) paramsIn(a, b int) []Placeholder {
	x, y := p.before[a], p.before[b]
	if x >= y {
		return nil
	}
	return p.params[x:y:y]
}

// assignments parses the SET list in tokens [a, b): col = v, t.col = v,
// (a, b) = (v, w) and (a, b) = (SELECT ...).
func (p *parser) assignments(a, b int) []Assignment {
	var out []Assignment
	for s := a; s < b; s++ {
		e := p.nextComma(s, b)
		eq := s
		for eq < e && !p.isOp(eq, "=") {
			eq = p.skip(eq)
		}
		if eq >= e {
			s = e
			continue
		}
		if !p.is(s, tLParen) || p.match(s) != eq {
			out = append(out, p.assign(p.lastName(s, eq), eq+1, e))
			s = e
			continue
		}
		cols, r := p.names(s+1, p.inner(s)), eq+1
		if p.word(r) == "row" {
			r++
		}
		var vals [][2]int
		if p.is(r, tLParen) && p.match(r) == e && !p.isSubquery(r+1) {
			for v, in := r+1, p.inner(r); v < in; v++ {
				vals = append(vals, [2]int{v, p.nextComma(v, in)})
				v = vals[len(vals)-1][1]
			}
		}
		for k, c := range cols {
			if len(vals) == len(cols) {
				out = append(out, p.assign(c, vals[k][0], vals[k][1]))
			} else {
				out = append(out, p.assign(c, eq+1, e))
			}
		}
		s = e
	}
	return out
}

// lastName returns the last part of the dotted name at a, or "".
func (p *parser) lastName(a, b int) string {
	if _, last, n := p.nameChain(a, b); n > 0 {
		return p.toks[last].val
	}
	return ""
}

// assign describes the assignment of the value in tokens [a, b) to col.
func (p *parser) assign(col string, a, b int) Assignment {
	as := Assignment{Column: col, Value: p.operand(a, b)}
	as.Params = as.Value.Params
	as.Conds = p.conds(a, b, nil)
	as.SelfRef = col != "" && p.selfRef(col, a, b)
	return as
}

// conds appends the comparisons found inside the expression [a, b): in
// function arguments, parenthesised conditions and CASE WHEN branches,
// but not in subqueries.
func (p *parser) conds(a, b int, out []Predicate) []Predicate {
	if p.depth >= maxDepth {
		return out
	}
	p.depth++
	defer func() { p.depth-- }()
	for s := a; s < b; s++ {
		e := p.nextComma(s, b)
		if p.isBoolish(s, e) {
			out = p.comparisons(s, e, out)
			s = e
			continue
		}
		for i := s; i < e; i = p.skip(i) {
			if p.is(i, tLParen) && !p.isSubquery(i+1) {
				out = p.conds(i+1, p.inner(i), out)
			} else if p.word(i) == "case" {
				out = p.caseConds(i, out)
			}
		}
		s = e
	}
	return out
}

// comparisons appends the predicates of the condition [a, b) that have an
// operator.
func (p *parser) comparisons(a, b int, out []Predicate) []Predicate {
	n := len(out)
	out = p.boolExpr(a, b, false, out)
	keep := out[:n]
	for _, pr := range out[n:] {
		if pr.Op != "" {
			keep = append(keep, pr)
		}
	}
	return keep
}

// caseConds appends the comparisons of the CASE expression opened at i:
// its WHEN conditions, and those nested in its other parts.
func (p *parser) caseConds(i int, out []Predicate) []Predicate {
	end, mode, start := p.inner(i), "case", i+1
	for j := i + 1; j <= end; j = min(p.skip(j), end) {
		w := "end"
		if j < end {
			w = p.word(j)
		}
		if w != "when" && w != "then" && w != "else" && w != "end" {
			continue
		}
		if mode == "when" {
			out = p.comparisons(start, j, out)
		} else {
			out = p.conds(start, j, out)
		}
		if mode, start = w, j+1; j == end {
			break
		}
	}
	return out
}

// selfRef reports whether the value in [a, b) mentions column col of the
// target row: unqualified, or qualified by the target table or its alias.
func (p *parser) selfRef(col string, a, b int) bool {
	for i := a; i < b; i++ {
		t := p.toks[i]
		if t.kind == tLParen && p.isSubquery(i+1) {
			i = p.skip(i) - 1
			continue
		}
		if t.val != col || t.kind != tIdent && t.kind != tQuoted || p.is(i+1, tLParen) || p.is(i+1, tDot) ||
			p.isOp(i-1, "::") || p.is(i-1, tLParen) && p.word(i-2) == "values" {
			continue
		}
		if q := p.qualifier(i - 2); q == "" || q == p.target || q == p.alias {
			return true
		}
	}
	return false
}
