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
	closed bool             // opener: its closer was found
	style  PlaceholderStyle // tParam: the placeholder style
	pos    int              // byte offset of the first byte
	end    int              // byte offset just past the last byte
	match  int              // opener ( [ CASE: index of the first token after its group
	num    int              // tParam: the placeholder number
	ref    int              // tParam: index into parser.params
	val    string
}

// lexOpts holds the dialect choices that change how text is split.
type lexOpts struct {
	hashComments bool // '#' starts a comment (MySQL)
	brackets     bool // [name] is a quoted identifier (SQL Server)
}

// tokenize splits src into tokens, choosing the dialect-dependent rules
// from what the text contains.
func tokenize(src string) []token {
	opts := lexOpts{hashComments: !sniffNonMySQL(src)}
	toks := lex(src, opts)
	if hasStyle(toks, At) && hasKind(toks, tLBrack) {
		opts.brackets = true
		toks = lex(src, opts)
	}
	if hasStyle(toks, Dollar) {
		toks = questionsAsOperators(toks)
	}
	n := 0
	for i := range toks {
		if toks[i].kind == tParam && toks[i].style == Question {
			n++
			toks[i].num = n
		}
	}
	return toks
}

// sniffNonMySQL reports whether the text looks like PostgreSQL ($1) or SQL
// Server (@name), where '#' is an operator or a temp-table prefix rather
// than a comment.
func sniffNonMySQL(src string) bool {
	for i := 0; i+1 < len(src); i++ {
		switch src[i] {
		case '$':
			if isDigit(src[i+1]) {
				return true
			}
		case '@':
			if isIdentStart(src[i+1]) && (i == 0 || src[i-1] != '@') {
				return true
			}
		}
	}
	return false
}

// hasStyle reports whether toks hold a placeholder of style s.
func hasStyle(toks []token, s PlaceholderStyle) bool {
	for i := range toks {
		if toks[i].kind == tParam && toks[i].style == s {
			return true
		}
	}
	return false
}

// hasKind reports whether toks hold a token of kind k.
func hasKind(toks []token, k tokKind) bool {
	for i := range toks {
		if toks[i].kind == k {
			return true
		}
	}
	return false
}

// questionsAsOperators turns bare '?' placeholders into the PostgreSQL JSON
// operators ?, ?| and ?&; it is used when the text has $N placeholders.
func questionsAsOperators(toks []token) []token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tParam && t.style == Question {
			t.kind, t.style, t.val = tOp, NoPlaceholders, "?"
			if i+1 < len(toks) && toks[i+1].kind == tOp && toks[i+1].pos == t.end {
				switch toks[i+1].val {
				case "|":
					t.val = "?|"
				case "&":
					t.val = "?&"
				}
				if t.val != "?" {
					t.end = toks[i+1].end
					i++
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// lexer splits text into tokens.
type lexer struct {
	src  string
	i    int
	opts lexOpts
	toks []token
}

// lex splits src into tokens with the given dialect options.
func lex(src string, opts lexOpts) []token {
	l := &lexer{src: src, opts: opts, toks: make([]token, 0, len(src)/4+1)}
	for l.i < len(src) {
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
	if l.i > len(l.src) {
		l.i = len(l.src)
	}
	l.toks = append(l.toks, token{kind: kind, pos: start, end: l.i, val: val})
}

// emitParam appends a placeholder token.
func (l *lexer) emitParam(style PlaceholderStyle, start, num int, name string) {
	l.emit(tParam, start, name)
	t := &l.toks[len(l.toks)-1]
	t.style, t.num = style, num
}

// scan consumes one token, comment or run of white space.
func (l *lexer) scan() {
	c := l.src[l.i]
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		l.i++
	case c == 0 || isIdentStart(c):
		l.word()
	case isDigit(c) || c == '.' && isDigit(l.peek(1)) && !l.afterName():
		l.number()
	case c == '\'':
		start := l.i
		l.i++
		l.stringBody(false)
		l.emit(tString, start, "")
	case c == '"' || c == '`':
		l.quoted(c)
	case c == '[' && l.opts.brackets:
		l.quoted(']')
	case c == '-' && l.peek(1) == '-', c == '#' && l.opts.hashComments:
		if j := strings.IndexByte(l.src[l.i:], '\n'); j >= 0 {
			l.i += j + 1
		} else {
			l.i = len(l.src)
		}
	case c == '/' && l.peek(1) == '*':
		if j := strings.Index(l.src[l.i+2:], "*/"); j >= 0 {
			l.i += j + 4
		} else {
			l.i = len(l.src)
		}
	case c == '$':
		l.dollar()
	case c == '?':
		l.question()
	case c == ':':
		l.colon()
	case c == '@':
		l.at()
	default:
		l.punct()
	}
}

// afterName reports whether the previous token is a name, closer or
// placeholder that ends exactly here, so a following '.' is a qualifier
// dot rather than the start of a number.
func (l *lexer) afterName() bool {
	if len(l.toks) == 0 {
		return false
	}
	t := l.toks[len(l.toks)-1]
	if t.end != l.i {
		return false
	}
	switch t.kind {
	case tIdent, tQuoted, tHole, tRParen, tRBrack, tParam:
		return true
	}
	return false
}

// scanWord advances over identifier characters and hole bytes and reports
// whether it saw a hole.
func (l *lexer) scanWord() bool {
	hole := false
	for l.i < len(l.src) {
		c := l.src[l.i]
		if c == 0 {
			hole = true
		} else if !isIdentChar(c) {
			break
		}
		l.i++
	}
	return hole
}

// word scans an identifier, a keyword, a hole or a prefixed string
// literal (E'...', N'...', B'...', X'...').
func (l *lexer) word() {
	start := l.i
	if l.peek(1) == '\'' {
		switch l.src[start] {
		case 'e', 'E', 'n', 'N', 'b', 'B', 'x', 'X':
			l.i += 2
			l.stringBody(l.src[start] == 'e' || l.src[start] == 'E')
			l.emit(tString, start, "")
			return
		}
	}
	if l.scanWord() {
		l.emit(tHole, start, "")
		return
	}
	l.emit(tIdent, start, strings.ToLower(l.src[start:l.i]))
}

// stringBody advances past the rest of a single-quoted string whose
// opening quote is already consumed. ” is an escaped quote; with
// backslash, so is \'. An unterminated string runs to the end.
func (l *lexer) stringBody(backslash bool) {
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == '\\' && backslash:
			l.i += 2
		case c == '\'':
			l.i++
			if l.i >= len(l.src) || l.src[l.i] != '\'' {
				return
			}
			l.i++
		default:
			l.i++
		}
	}
}

// quoted scans an identifier quoted with ", ` or [...]; closer is the
// closing byte, and a doubled closer stands for itself.
func (l *lexer) quoted(closer byte) {
	start := l.i
	l.i++
	bodyEnd := len(l.src)
	doubled := false
	for l.i < len(l.src) {
		if l.src[l.i] != closer {
			l.i++
			continue
		}
		if l.peek(1) == closer {
			doubled = true
			l.i += 2
			continue
		}
		bodyEnd = l.i
		l.i++
		break
	}
	body := l.src[start+1 : bodyEnd]
	if strings.Contains(body, Hole) {
		l.emit(tHole, start, "")
		return
	}
	if doubled {
		c := string(closer)
		body = strings.ReplaceAll(body, c+c, c)
	}
	l.emit(tQuoted, start, strings.ToLower(body))
}

// number scans a numeric literal: 12, 1.5, .5, 1e-3, 0xFF.
func (l *lexer) number() {
	start := l.i
	if l.src[l.i] == '0' && (l.peek(1) == 'x' || l.peek(1) == 'X') && isHex(l.peek(2)) {
		l.i += 2
		for l.i < len(l.src) && isHex(l.src[l.i]) {
			l.i++
		}
		l.emit(tNumber, start, "")
		return
	}
	l.digits()
	if l.i < len(l.src) && l.src[l.i] == '.' {
		l.i++
		l.digits()
	}
	if c := l.peek(0); c == 'e' || c == 'E' {
		if isDigit(l.peek(1)) {
			l.i++
			l.digits()
		} else if (l.peek(1) == '+' || l.peek(1) == '-') && isDigit(l.peek(2)) {
			l.i += 2
			l.digits()
		}
	}
	l.emit(tNumber, start, "")
}

// digits advances over decimal digits and returns their value, saturating
// far below the int range.
func (l *lexer) digits() int {
	n := 0
	for l.i < len(l.src) && isDigit(l.src[l.i]) {
		if n <= 99999999 {
			n = n*10 + int(l.src[l.i]-'0')
		}
		l.i++
	}
	return n
}

// sigilHole scans a placeholder sigil followed by a hole ($%d, :%s, ...)
// as one hole token.
func (l *lexer) sigilHole(start int) {
	l.i = start + 1
	l.scanWord()
	l.emit(tHole, start, "")
}

// dollar scans $N placeholders, $$ and $tag$ quoted strings, or a lone $.
func (l *lexer) dollar() {
	start := l.i
	switch n := l.peek(1); {
	case isDigit(n):
		l.i++
		l.emitParam(Dollar, start, l.digits(), "")
	case n == 0:
		l.sigilHole(start)
	case n == '$':
		l.dollarQuote(start, "$$")
	case isIdentStart(n):
		j := start + 1
		for j < len(l.src) && isTagChar(l.src[j]) {
			j++
		}
		if j < len(l.src) && l.src[j] == '$' {
			l.dollarQuote(start, l.src[start:j+1])
			return
		}
		l.i++
		l.emit(tOp, start, "$")
	default:
		l.i++
		l.emit(tOp, start, "$")
	}
}

// dollarQuote scans a dollar-quoted string opened by delim at start.
func (l *lexer) dollarQuote(start int, delim string) {
	body := start + len(delim)
	if j := strings.Index(l.src[body:], delim); j >= 0 {
		l.i = body + j + len(delim)
	} else {
		l.i = len(l.src)
	}
	l.emit(tString, start, "")
}

// question scans ?N and ? placeholders.
func (l *lexer) question() {
	start := l.i
	switch n := l.peek(1); {
	case isDigit(n):
		l.i++
		l.emitParam(QuestionNumber, start, l.digits(), "")
	case n == 0:
		l.sigilHole(start)
	default:
		l.i++
		l.emitParam(Question, start, 0, "")
	}
}

// colon scans :name and :N placeholders, and the :: and := operators.
func (l *lexer) colon() {
	start := l.i
	n := l.peek(1)
	switch {
	case n == ':' || n == '=':
		l.i += 2
		l.emit(tOp, start, l.src[start:l.i])
	case start > 0 && (isIdentChar(l.src[start-1]) || l.src[start-1] == '[' || l.src[start-1] == ']'):
		// An array slice a[1:2] or similar, not a placeholder.
		l.i++
		l.emit(tOp, start, ":")
	case isIdentStart(n):
		l.i++
		if l.scanWord() {
			l.emit(tHole, start, "")
			return
		}
		l.emitParam(Colon, start, 0, l.src[start+1:l.i])
	case isDigit(n):
		l.i++
		l.emitParam(Colon, start, l.digits(), "")
	case n == 0:
		l.sigilHole(start)
	default:
		l.i++
		l.emit(tOp, start, ":")
	}
}

// at scans @name placeholders, @@variables and the @>, @@ and @ operators.
func (l *lexer) at() {
	start := l.i
	switch n := l.peek(1); {
	case n == '@' && isIdentStart(l.peek(2)):
		l.i += 2
		l.scanWord()
		l.emit(tVar, start, strings.ToLower(l.src[start:l.i]))
	case n == '@' || n == '>':
		l.i += 2
		l.emit(tOp, start, l.src[start:l.i])
	case isIdentStart(n):
		l.i++
		if l.scanWord() {
			l.emit(tHole, start, "")
			return
		}
		l.emitParam(At, start, 0, l.src[start+1:l.i])
	case n == 0:
		l.sigilHole(start)
	default:
		l.i++
		l.emit(tOp, start, "@")
	}
}

// punct scans punctuation and operators.
func (l *lexer) punct() {
	start := l.i
	kind := tOp
	switch l.src[start] {
	case '(':
		kind = tLParen
	case ')':
		kind = tRParen
	case '[':
		kind = tLBrack
	case ']':
		kind = tRBrack
	case ',':
		kind = tComma
	case ';':
		kind = tSemi
	case '.':
		kind = tDot
	}
	n := 1
	if kind == tOp {
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
		case "<@":
			// PostgreSQL's "is contained by", unless it is SQL Server's a<@p.
			if len(s) == 2 || !isIdentStart(s[2]) {
				return 2
			}
		}
	}
	return 1
}

// isDigit reports whether c is a decimal digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isHex reports whether c is a hexadecimal digit.
func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// isIdentStart reports whether c can start an unquoted identifier. Bytes
// of multi-byte UTF-8 sequences count as letters.
func isIdentStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

// isIdentChar reports whether c can continue an unquoted identifier.
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }

// isTagChar reports whether c can appear in a $tag$ delimiter.
func isTagChar(c byte) bool { return isIdentStart(c) || isDigit(c) }
