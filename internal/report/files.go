// Package report renders findings for CI: SARIF 2.1.0 for code scanning,
// GitHub workflow annotations, and baselines that let a gate report only
// findings that are new.
//
// It works from go vet's JSON findings (package vetjson) and the source
// files they point into: columns are converted to the units SARIF expects
// and baseline keys name the function enclosing a finding, both read from
// the files at report time.
package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Files reads the source files findings point into, once each, and names
// paths relative to a root directory.
type Files struct {
	root  string
	files map[string]*sourceFile
}

// sourceFile is a file's content and, once needed, its syntax.
type sourceFile struct {
	data   []byte
	err    error
	lines  []int // offsets of line starts
	parsed bool
	fset   *token.FileSet
	ast    *ast.File
}

// NewFiles returns a Files that makes paths relative to root (an absolute
// directory, usually the current one).
func NewFiles(root string) *Files {
	return &Files{root: filepath.Clean(root), files: make(map[string]*sourceFile)}
}

// Root returns the root directory.
func (fs *Files) Root() string { return fs.root }

// Rel returns path relative to the root, with forward slashes, and true;
// or, for a path outside the root, the cleaned path with forward slashes
// and false.
func (fs *Files) Rel(path string) (string, bool) {
	if !filepath.IsAbs(path) {
		return filepath.ToSlash(filepath.Clean(path)), true
	}
	rel, err := filepath.Rel(fs.root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(filepath.Clean(path)), false
	}
	return filepath.ToSlash(rel), true
}

// abs returns path made absolute against the root.
func (fs *Files) abs(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(fs.root, path)
}

// load returns the file's content, reading it the first time.
func (fs *Files) load(path string) *sourceFile {
	path = fs.abs(path)
	if f, ok := fs.files[path]; ok {
		return f
	}
	f := new(sourceFile)
	f.data, f.err = os.ReadFile(path)
	if f.err == nil {
		f.lines = append(f.lines, 0)
		for i, b := range f.data {
			if b == '\n' {
				f.lines = append(f.lines, i+1)
			}
		}
	}
	fs.files[path] = f
	return f
}

// line returns the bytes of line n (1-based) without its newline, or
// false.
func (f *sourceFile) line(n int) ([]byte, bool) {
	if f.err != nil || n < 1 || n > len(f.lines) {
		return nil, false
	}
	start := f.lines[n-1]
	end := len(f.data)
	if n < len(f.lines) {
		end = f.lines[n] - 1
	}
	l := f.data[start:end]
	if len(l) > 0 && l[len(l)-1] == '\r' {
		l = l[:len(l)-1]
	}
	return l, true
}

// UTF16Column converts a 1-based byte column of a line, as go/token counts
// them, to a 1-based column in UTF-16 code units, as SARIF counts them by
// default. A column past the end of the line counts one unit per byte
// beyond it. When the file cannot be read the byte column is returned: on
// ASCII text the two agree.
func (fs *Files) UTF16Column(path string, line, col int) int {
	if col < 1 {
		return col
	}
	l, ok := fs.load(path).line(line)
	if !ok {
		return col
	}
	n := col - 1 // bytes before the position
	extra := 0
	if n > len(l) {
		extra, n = n-len(l), len(l)
	}
	units := 0
	for b := l[:n]; len(b) > 0; {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
	}
	return units + extra + 1
}

// Func names the function declaration enclosing a position: "F" for a
// function, "T.M" or "(*T).M" for a method (type parameters dropped),
// "var x" or "const x" for a package-level initialiser, "" if none or the
// file cannot be parsed. Code in a function literal belongs to the
// declaration the literal is in.
func (fs *Files) Func(path string, line, col int) string {
	f := fs.load(path)
	if f.err != nil {
		return ""
	}
	if !f.parsed {
		f.parsed = true
		f.fset = token.NewFileSet()
		f.ast, _ = parser.ParseFile(f.fset, fs.abs(path), f.data, parser.SkipObjectResolution)
	}
	if f.ast == nil || line < 1 || line > len(f.lines) {
		return ""
	}
	tf := f.fset.File(f.ast.Pos())
	if tf == nil {
		return ""
	}
	off := f.lines[line-1]
	if col > 1 {
		off += col - 1
	}
	if off > tf.Size() {
		off = tf.Size()
	}
	pos := tf.Pos(off)
	for _, d := range f.ast.Decls {
		if pos < d.Pos() || pos > d.End() {
			continue
		}
		switch d := d.(type) {
		case *ast.FuncDecl:
			return funcName(d)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && pos <= vs.End() {
					names := make([]string, len(vs.Names))
					for i, n := range vs.Names {
						names[i] = n.Name
					}
					return d.Tok.String() + " " + strings.Join(names, ",")
				}
			}
		}
	}
	return ""
}

// funcName names a function declaration, with its receiver type for a
// method.
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	star := false
	if p, ok := t.(*ast.StarExpr); ok {
		star, t = true, p.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	recv := "?"
	if id, ok := t.(*ast.Ident); ok {
		recv = id.Name
	}
	if star {
		return "(*" + recv + ")." + d.Name.Name
	}
	return recv + "." + d.Name.Name
}
