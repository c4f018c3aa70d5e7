package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Embedded files. A package-level string or []byte variable that a
// //go:embed directive fills with one file (a Lua script or a SQL
// statement kept beside the code) holds that file's text, which resolves
// like a constant: `//go:embed unlock.lua` above `var unlockScript string`
// makes redis.NewScript(unlockScript) a script fencecheck reads. Patterns
// with wildcards, directories and embed.FS variables are not read.
//
// The analysis drivers do not hand embedded files to analyzers (only
// Go files and the package's other non-Go sources), and the passes read
// no file themselves (nogo runs them sandboxed): the file is read from
// the package's directory by ReadEmbedded, which the fencecheck command
// sets. Cached results stay correct: go vet keys its cache on the
// package's compile action, whose ID hashes every embedded file, so a
// changed file makes the package analysed again. Where ReadEmbedded is
// not set (nogo, the golangci-lint plugin), embedded files are not read.

// ReadEmbedded, when set, returns the content of the file at path, a file
// a //go:embed directive of the package being analysed names; false when
// it cannot be read. Set it before analysis starts.
var ReadEmbedded func(path string) ([]byte, bool)

// embeddedText returns the text of the file a //go:embed directive puts in
// global g.
func (m *model) embeddedText(g *ssa.Global) (string, bool) {
	v, ok := g.Object().(*types.Var)
	if !ok || v.Pkg() != m.pass.Pkg {
		return "", false
	}
	if m.embeds == nil {
		m.embeds = m.embeddedFiles()
	}
	text, ok := m.embeds[v]
	return text, ok
}

// embeddedFiles reads the files that //go:embed directives of the package
// put in string or []byte variables, one file each.
func (m *model) embeddedFiles() map[*types.Var]string {
	out := make(map[*types.Var]string)
	for _, f := range m.pass.Files {
		dir := filepath.Dir(m.pass.Fset.File(f.Pos()).Name())
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || len(vs.Values) != 0 {
					continue
				}
				doc := vs.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				name, ok := embedPattern(doc)
				if !ok {
					continue
				}
				v, ok := m.pass.TypesInfo.Defs[vs.Names[0]].(*types.Var)
				if !ok || !textType(v.Type()) {
					continue
				}
				if text, ok := readEmbedded(filepath.Join(dir, filepath.FromSlash(name))); ok {
					out[v] = text
				}
			}
		}
	}
	return out
}

// embedPattern returns the one file a //go:embed directive of doc names,
// false when there is none, or more, or a pattern that is not one file's
// path.
func embedPattern(doc *ast.CommentGroup) (string, bool) {
	if doc == nil {
		return "", false
	}
	var pats []string
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed ")
		if !ok {
			continue
		}
		for _, field := range strings.Fields(rest) {
			if unq, err := strconv.Unquote(field); err == nil {
				field = unq
			}
			pats = append(pats, field)
		}
	}
	if len(pats) != 1 {
		return "", false
	}
	p := pats[0]
	if p == "" || strings.ContainsAny(p, `*?[\`) || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "all:") {
		return "", false
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." {
			return "", false
		}
	}
	return p, true
}

// textType reports whether t is string or []byte.
func textType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// readEmbedded reads the file at path through ReadEmbedded.
func readEmbedded(path string) (string, bool) {
	if ReadEmbedded == nil {
		return "", false
	}
	b, ok := ReadEmbedded(path)
	return string(b), ok
}

// embeddedLoad returns the global v loads, when v reads a variable filled
// by //go:embed: a load of a string variable, or a string conversion of a
// []byte one.
func embeddedLoad(v ssa.Value) (*ssa.Global, bool) {
	if c, ok := v.(*ssa.Convert); ok {
		v = c.X
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	g, ok := load.X.(*ssa.Global)
	return g, ok
}
