// Package sqltext is a small, tolerant scanner for the SQL text that Go
// programs send to their databases.
//
// It is not a parser for any one dialect. It understands enough of
// PostgreSQL, MySQL, SQLite and SQL Server syntax to tell what a statement
// does to stored rows (Kind), which table it targets, which columns it sets
// and to what, which predicates guard it, and which placeholders bind which
// arguments. Text that is not known statically (a %s argument, a string
// built at run time) is replaced by the caller with Hole; the scanner treats
// each run of hole bytes as one opaque token and keeps going.
//
// Parse never panics and runs in time roughly linear in the length of the
// text.
package sqltext

import "strings"

// Hole stands for a fragment of SQL text whose content is unknown, such as
// the argument of a %s verb. Callers splice it into the text; the scanner
// treats it as an opaque identifier or expression.
const Hole = "\x00"

// ParamList stands for a list of placeholders whose length is known only
// at run time, such as strings.Repeat("?,", n) spliced into IN (%s).
// Callers splice it into the text; the scanner reads it as one
// placeholder of style List.
const ParamList = "\x01"

// Kind classifies a statement by what it does to stored rows.
type Kind int

// The statement kinds.
const (
	Unknown Kind = iota // unparsable, empty, or starts with a hole
	Select              // SELECT / VALUES / WITH ... SELECT / SHOW
	Insert              // plain INSERT: an append
	Upsert              // INSERT ... ON CONFLICT ... DO UPDATE, ON DUPLICATE KEY UPDATE, REPLACE INTO, INSERT OR REPLACE, UPSERT
	Update              // UPDATE
	Delete              // DELETE
	Merge               // MERGE INTO ... (guards sit in WHEN MATCHED AND <cond>)
	Other               // DDL, BEGIN/COMMIT, SET, CALL, LOCK TABLE, etc.
)

// String returns the lower-case name of the kind.
func (k Kind) String() string {
	names := [...]string{"unknown", "select", "insert", "upsert", "update", "delete", "merge", "other"}
	if k < 0 || int(k) >= len(names) {
		return "unknown"
	}
	return names[k]
}

// Writes reports whether a statement of this kind can overwrite or remove
// existing rows: Update, Delete, Upsert and Merge. A plain Insert only
// appends, so it does not count.
func (k Kind) Writes() bool {
	switch k {
	case Update, Delete, Upsert, Merge:
		return true
	}
	return false
}

// PlaceholderStyle is the syntax of a bind parameter.
type PlaceholderStyle int

// The placeholder styles.
const (
	NoPlaceholders PlaceholderStyle = iota // the text has no placeholders
	Dollar                                 // $1 (PostgreSQL)
	Question                               // ? (MySQL, SQLite)
	QuestionNumber                         // ?1 (SQLite)
	Colon                                  // :name or :1 (sqlx, Oracle, SQLite)
	At                                     // @name, @p1 (SQL Server, SQLite)
	// List is a ParamList: it binds no one argument (its Number is 0), and
	// the '?' placeholders after it have no known position (Number 0).
	List
)

// String returns a short name for the style.
func (s PlaceholderStyle) String() string {
	names := [...]string{"none", "dollar", "question", "question-number", "colon", "at", "list"}
	if s < 0 || int(s) >= len(names) {
		return "none"
	}
	return names[s]
}

// Placeholder is one bind parameter in the text.
type Placeholder struct {
	Style  PlaceholderStyle
	Number int    // $N, ?N, :N: N. '?': its 1-based position among the '?' placeholders, 0 after a List. Named, List: 0.
	Name   string // :name / @name without the sigil, case preserved. Empty otherwise.
	Offset int    // byte offset of the sigil in the text
}

// ArgIndex returns the 0-based index of the positional argument the
// placeholder binds, or -1 for named placeholders, lists and placeholders
// whose position is unknown (and for $0).
func (p Placeholder) ArgIndex() int {
	if p.Name != "" || p.Number <= 0 {
		return -1
	}
	return p.Number - 1
}

// OperandKind classifies one side of a predicate or the value of an
// assignment.
type OperandKind int

// The operand kinds.
const (
	Column      OperandKind = iota // a column reference: col, t.col, "Col"
	Param                          // a placeholder, possibly cast: $1, $1::bigint, CAST(? AS int)
	Literal                        // a number, string, TRUE, NULL, DEFAULT, INTERVAL '1 day'
	Func                           // a function call or niladic function: now(), GREATEST(a, b), CURRENT_TIMESTAMP
	Expr                           // anything else: arithmetic, subquery, CASE, ...
	HoleOperand                    // an unknown fragment (Hole)
)

// String returns a short name for the kind.
func (k OperandKind) String() string {
	names := [...]string{"column", "param", "literal", "func", "expr", "hole"}
	if k < 0 || int(k) >= len(names) {
		return "expr"
	}
	return names[k]
}

// Operand is one side of a predicate or the value of an assignment.
type Operand struct {
	Kind      OperandKind
	Column    string        // for Column: bare column name, lowercased, unquoted
	Qualifier string        // for Column: table or alias qualifier lowercased ("excluded", "values", "t"); Hole if unknown; empty if none
	Param     Placeholder   // for Param
	Text      string        // the operand's raw text, trimmed
	Func      string        // for Func: lowercased function name without schema (pg_catalog.now -> now)
	Params    []Placeholder // every placeholder inside the operand (for Param, the one placeholder)
}

// Predicate is one comparison (or boolean term) of a WHERE-like condition.
type Predicate struct {
	Left, Right Operand
	// Op is the normalised operator: "=", "<>", "<", "<=", ">", ">=",
	// "is", "is not", "in", "not in", "like", "not like", "between",
	// "not between"; another operator's lower-case text (such as "@>" or
	// "similar to"); or "" for a bare boolean term (EXISTS (...), a boolean
	// column, a function call), whose operand is Left. "!=" and "=="
	// become "<>" and "="; the null-safe "<=>" and IS NOT DISTINCT FROM
	// become "=", IS DISTINCT FROM becomes "<>"; ILIKE becomes "like".
	Op string
	// UnderOr reports that the predicate sits under an OR or a NOT, so it
	// does not constrain the statement on its own.
	UnderOr bool
}

// Assignment is one "column = value" of a SET list.
type Assignment struct {
	Column  string        // lowercased, unqualified
	Value   Operand       // the whole right-hand side
	Conds   []Predicate   // comparisons inside the value: IF(VALUES(f) > f, ...), CASE WHEN ...
	Params  []Placeholder // every placeholder inside the value
	SelfRef bool          // the value mentions the assigned column of the target itself (n = n + 1)
}

// Statement describes one SQL statement.
type Statement struct {
	Kind          Kind
	Table         string           // target of UPDATE/DELETE/INSERT/UPSERT/MERGE, or first FROM table of SELECT; lowercased, unquoted, last dotted part; "" if a hole or unknown
	Set           []Assignment     // UPDATE ... SET; for upserts the DO UPDATE SET / ON DUPLICATE KEY UPDATE list; MERGE's UPDATE SET
	Where         []Predicate      // top-level WHERE of the main statement; MERGE's WHEN MATCHED AND conditions
	ConflictWhere []Predicate      // WHERE of ON CONFLICT ... DO UPDATE SET ... WHERE
	SubWhere      []Predicate      // WHERE of every subquery and common table expression of the statement, in order of appearance (UnderOr relative to its own WHERE)
	If            []Predicate      // CQL lightweight transaction: the conditions of UPDATE/DELETE ... IF cond [AND cond ...]
	IfExists      bool             // CQL lightweight transaction: UPDATE/DELETE ... IF EXISTS
	IfNotExists   bool             // CQL lightweight transaction: INSERT ... IF NOT EXISTS
	TTL           bool             // CQL: INSERT/UPDATE ... USING TTL n (alone or with TIMESTAMP): the written row expires
	Returning     []string         // RETURNING / OUTPUT names, lowercased (the alias if any), "*" for a star
	Columns       []string         // SELECT list names (alias, else column, else function name, else ""); INSERT column list
	ForUpdate     bool             // FOR UPDATE / FOR NO KEY UPDATE (or an UPDLOCK hint) anywhere in the text
	SkipLocked    bool             // SKIP LOCKED (or a READPAST hint) anywhere in the text
	Funcs         []string         // every function called anywhere, lowercased, deduplicated, in order of first appearance
	Params        []Placeholder    // every placeholder in the text, in order of appearance
	Style         PlaceholderStyle // the style of the first placeholder
	HasHole       bool             // the text contains Hole
	Multiple      bool             // more than one non-empty statement separated by ';'
}

// maxText is the longest text Parse scans; longer texts are Unknown, as
// if they were a hole.
const maxText = 1 << 30

// Parse scans SQL text and describes it. It never returns nil and never
// panics. When the text holds several statements, the statement-level
// fields (Kind, Table, Set, Where, ConflictWhere, SubWhere, If, IfExists,
// IfNotExists, Returning, Columns)
// describe the first one that Writes, else the first Insert, else the first
// statement; the other fields cover the whole text.
func Parse(text string) *Statement {
	if len(text) > maxText {
		return &Statement{HasHole: true}
	}
	p := newParser(text)
	segs := p.segments()
	var st *Statement
	var funcs []string
	for _, seg := range segs {
		if s := p.statement(seg[0], seg[1]); st == nil || better(s.Kind, st.Kind) {
			st = s
		}
		funcs = p.funcs(seg[0], seg[1], funcs)
	}
	if st == nil {
		st = &Statement{}
	}
	st.Multiple = len(segs) > 1
	st.Params = p.params
	if len(p.params) > 0 {
		st.Style = p.params[0].Style
	}
	st.HasHole = strings.Contains(text, Hole)
	st.Funcs = funcs
	st.ForUpdate, st.SkipLocked = p.locking()
	return st
}

// better reports whether a statement of kind k should describe a
// multi-statement text in place of the one of kind cur chosen so far.
func better(k, cur Kind) bool {
	if cur.Writes() {
		return false
	}
	return k.Writes() || k == Insert && cur != Insert
}
