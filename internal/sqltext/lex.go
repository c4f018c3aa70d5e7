package sqltext

import "strings"

// tokKind is the lexical class of a token.
type tokKind uint8

// The token kinds.
const (
	tIdent  tokKind = iota + 1 // unquoted word; val is lowercased
	tQuoted                    // "quoted", `quoted` or [quoted] identifier; val is unquoted and lowercased
	tString                    // string literal of any flavour
	tNumber                    // numeric literal
	tParam                     // placeholder; val is its name
	tHole                      // Hole, with any identifier characters glued to it
	tVar                       // @@system_variable
	tOp                        // operator; val is its text
	tLParen                    // (
	tRParen                    // )
	tLBrack                    // [
	tRBrack                    // ]
	tComma                     // ,
	tSemi                      // ;
	tDot                       // .
)

// token is one lexical token of the text.
type token struct {
	kind   tokKind
	closed bool  // opener: its closer was found
	style  uint8 // tParam: the PlaceholderStyle
	pos    int32 // byte offset of the first byte
	end    int32 // byte offset just past the last byte
	match  int32 // opener ( [ CASE: index of the first token after its group
	num    int32 // tParam: the placeholder number
	ref    int32 // tParam: index into parser.params
	val    string
}

// lexer splits text into tokens.
type lexer struct {
	src      string
	i        int
	hash     bool // '#' starts a comment (MySQL)
	brackets bool // [name] is a quoted identifier (SQL Server)
	toks     []token
}

// tokenize splits src into tokens. '#' starts a comment unless the text
// looks like PostgreSQL or SQL Server; [name] is an identifier when the
// text has @name placeholders; with $N placeholders, '?' is an operator.
func tokenize(src string) []token {
	l := &lexer{src: src, hash: !strings.Contains(src, "@") && !hasDollarNumber(src)}
	toks := l.run()
	if style := styles(toks); style[At] && style[0] {
		l.brackets = true
		toks = l.run()
	}
	dollar, n, listed := styles(toks)[Dollar], int32(0), false
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tParam && t.style == uint8(List) {
			listed = true // the '?' after a list have no known position
		} else if t.kind == tParam && t.style == uint8(Question) && dollar {
			t.kind, t.style, t.val = tOp, 0, "?"
			if i+1 < len(toks) && toks[i+1].pos == t.end && (toks[i+1].val == "|" || toks[i+1].val == "&") {
				t.end, t.val = toks[i+1].end, "?"+toks[i+1].val
				i++
			}
		} else if t.kind == tParam && t.style == uint8(Question) && !listed {
			n++
			t.num = n
		}
		out = append(out, t)
	}
	return out
}

// hasDollarNumber reports whether src contains $ followed by a digit.
func hasDollarNumber(src string) bool {
	for i := strings.IndexByte(src, '$'); i >= 0 && i+1 < len(src); {
		if isDigit(src[i+1]) {
			return true
		}
		j := strings.IndexByte(src[i+1:], '$')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

// styles reports which placeholder styles toks use; index 0 reports
// whether they contain a '['.
func styles(toks []token) (seen [List + 1]bool) {
	for _, t := range toks {
		if t.kind == tParam {
			seen[t.style] = true
		}
		seen[0] = seen[0] || t.kind == tLBrack
	}
	return seen
}

// run splits the whole text into tokens.
func (l *lexer) run() []token {
	l.i, l.toks = 0, make([]token, 0, len(l.src)/3+4)
	for l.i < len(l.src) {
		l.scan()
	}
	return l.toks
}

// peek returns the byte n places ahead, or a space past the end.
func (l *lexer) peek(n int) byte {
	if l.i+n < len(l.src) {
		return l.src[l.i+n]
	}
	return ' '
}

// emit appends a token running from start to the current position.
func (l *lexer) emit(kind tokKind, start int, val string) {
	l.i = min(l.i, len(l.src))
	l.toks = append(l.toks, token{kind: kind, pos: int32(start), end: int32(l.i), val: val})
}

// scan consumes one token, comment or run of white space.
func (l *lexer) scan() {
	start, c := l.i, l.src[l.i]
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		l.i++
	case c == 0 || isIdentStart(c):
		l.word()
	case isDigit(c):
		l.number()
	case c == '\'':
		l.i++
		l.stringBody(false)
		l.emit(tString, start, "")
	case c == '"' || c == '`':
		l.quoted(c)
	case c == '[' && l.brackets:
		l.quoted(']')
	case c == '-' && l.peek(1) == '-', c == '#' && l.hash:
		l.skipPast("\n", 0)
	case c == '/' && l.peek(1) == '*':
		l.skipPast("*/", 2)
	case c == '$' || c == '?' || c == ':' || c == '@':
		l.sigil()
	case c == ParamList[0]:
		l.i++
		l.emit(tParam, start, "")
		l.toks[len(l.toks)-1].style = uint8(List)
	default:
		l.punct()
	}
}

// skipPast advances past the next occurrence of s at least from bytes
// ahead, or to the end.
func (l *lexer) skipPast(s string, from int) {
	if j := strings.Index(l.src[l.i+from:], s); j >= 0 {
		l.i += from + j + len(s)
	} else {
		l.i = len(l.src)
	}
}

// scanWord advances over identifier characters and hole bytes and reports
// whether it saw a hole.
func (l *lexer) scanWord() bool {
	hole := false
	for ; l.i < len(l.src); l.i++ {
		if c := l.src[l.i]; c == 0 {
			hole = true
		} else if !isIdentChar(c) {
			break
		}
	}
	return hole
}

// word scans an identifier, a keyword, a hole or a prefixed string
// literal (E'...', N'...', B'...', X'...').
func (l *lexer) word() {
	start, c := l.i, l.src[l.i]
	if l.peek(1) == '\'' && strings.IndexByte("eEnNbBxX", c) >= 0 {
		l.i += 2
		l.stringBody(c == 'e' || c == 'E')
		l.emit(tString, start, "")
		return
	}
	if l.scanWord() {
		l.emit(tHole, start, "")
		return
	}
	l.emit(tIdent, start, strings.ToLower(l.src[start:l.i]))
}

// stringBody advances past the rest of a single-quoted string whose
// opening quote is consumed. A doubled quote stands for itself; with
// backslash, \ escapes the next byte. An unterminated string runs to the
// end.
func (l *lexer) stringBody(backslash bool) {
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == '\\' && backslash:
			l.i += 2
		case c == '\'' && l.peek(1) == '\'':
			l.i += 2
		case c == '\'':
			l.i++
			return
		default:
			l.i++
		}
	}
}

// quoted scans an identifier quoted with ", ` or [...]; closer is the
// closing byte, and a doubled closer stands for itself.
func (l *lexer) quoted(closer byte) {
	start, end := l.i, len(l.src)
	for l.i++; l.i < len(l.src); l.i++ {
		if l.src[l.i] == closer && l.peek(1) == closer {
			l.i++
		} else if l.src[l.i] == closer {
			end = l.i
			l.i++
			break
		}
	}
	body := l.src[start+1 : end]
	if strings.Contains(body, Hole) {
		l.emit(tHole, start, "")
		return
	}
	c := string(closer)
	l.emit(tQuoted, start, strings.ToLower(strings.ReplaceAll(body, c+c, c)))
}

// number scans a numeric literal: 12, 1.5, 1e-3.
func (l *lexer) number() {
	start := l.i
	l.digits()
	if l.peek(0) == '.' {
		l.i++
		l.digits()
	}
	if c := l.peek(0); (c == 'e' || c == 'E') && (isDigit(l.peek(1)) || strings.IndexByte("+-", l.peek(1)) >= 0 && isDigit(l.peek(2))) {
		l.i += 2
		l.digits()
	}
	l.emit(tNumber, start, "")
}

// digits advances over decimal digits and returns their value, saturating
// far below the int32 range.
func (l *lexer) digits() int {
	n := 0
	for ; l.i < len(l.src) && isDigit(l.src[l.i]); l.i++ {
		if n <= 99999999 {
			n = n*10 + int(l.src[l.i]-'0')
		}
	}
	return n
}

// sigil scans what starts with $, ?, : or @: placeholders ($1, ?, ?1,
// :name, :1, @name), dollar-quoted strings, @@variables, a sigil glued to a
// hole ($%d), and the operators these bytes begin (::, :=, @>, @@, ...).
func (l *lexer) sigil() {
	start, c, n, n2 := l.i, l.src[l.i], l.peek(1), l.peek(2)
	prev := byte(' ')
	if start > 0 {
		prev = l.src[start-1]
	}
	l.i++
	switch {
	case n == 0:
		l.scanWord()
		l.emit(tHole, start, "")
	case c == ':' && (n == ':' || n == '='), c == '@' && (n == '>' || n == '@' && !isIdentStart(n2)):
		l.i++
		l.emit(tOp, start, l.src[start:l.i])
	case c == ':' && (isIdentChar(prev) || prev == '[' || prev == ']'):
		l.emit(tOp, start, ":") // an array slice a[1:n]
	case c == '$' && (n == '$' || isIdentStart(n)):
		l.dollarQuote(start)
	case c == '@' && n == '@':
		l.i++
		l.scanWord()
		l.emit(tVar, start, strings.ToLower(l.src[start:l.i]))
	case isDigit(n) && c != '@':
		num := l.digits()
		l.emit(tParam, start, "")
		t := &l.toks[len(l.toks)-1]
		t.num, t.style = int32(num), uint8(Dollar)
		if c == '?' {
			t.style = uint8(QuestionNumber)
		} else if c == ':' {
			t.style = uint8(Colon)
		}
	case c == '?':
		l.emit(tParam, start, "")
		l.toks[len(l.toks)-1].style = uint8(Question)
	case isIdentStart(n) && c != '$':
		if l.scanWord() {
			l.emit(tHole, start, "")
			return
		}
		l.emit(tParam, start, l.src[start+1:l.i])
		l.toks[len(l.toks)-1].style = uint8(At)
		if c == ':' {
			l.toks[len(l.toks)-1].style = uint8(Colon)
		}
	default:
		l.emit(tOp, start, l.src[start:l.i])
	}
}

// dollarQuote scans a $$ or $tag$ quoted string starting at start, or a
// lone '$' when no delimiter follows.
func (l *lexer) dollarQuote(start int) {
	j := start + 1
	for j < len(l.src) && isTagChar(l.src[j]) {
		j++
	}
	if j >= len(l.src) || l.src[j] != '$' {
		l.emit(tOp, start, "$")
		return
	}
	l.i = j + 1
	l.skipPast(l.src[start:l.i], 0)
	l.emit(tString, start, "")
}

// punct scans punctuation and operators.
func (l *lexer) punct() {
	start := l.i
	kind, n := tOp, 1
	if k := strings.IndexByte("()[],;.", l.src[start]); k >= 0 {
		kind = [...]tokKind{tLParen, tRParen, tLBrack, tRBrack, tComma, tSemi, tDot}[k]
	} else {
		n = opLen(l.src[start:])
	}
	l.i += n
	l.emit(kind, start, l.src[start:l.i])
}

// opLen returns the length of the operator at the start of s.
func opLen(s string) int {
	if len(s) >= 3 {
		switch s[:3] {
		case "->>", "#>>", "<=>", "!~*", "<<=", ">>=", "<->", "-|-":
			return 3
		}
	}
	if len(s) >= 2 {
		switch s[:2] {
		case "<=", ">=", "<>", "!=", "==", "||", "->", "#>", "#-", "<<", ">>", "=>", "~*", "!~", "&&":
			return 2
		case "<@": // PostgreSQL's "is contained by", unless it is SQL Server's a<@p
			if len(s) == 2 || !isIdentStart(s[2]) {
				return 2
			}
		}
	}
	return 1
}

// isDigit reports whether c is a decimal digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isIdentStart reports whether c can start an unquoted identifier. Bytes
// of multi-byte UTF-8 sequences count as letters.
func isIdentStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

// isIdentChar reports whether c can continue an unquoted identifier.
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }

// isTagChar reports whether c can appear in a $tag$ delimiter.
func isTagChar(c byte) bool { return isIdentStart(c) || isDigit(c) }
