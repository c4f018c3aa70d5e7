package model

import (
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Finding paths.
//
// A finding explains itself with ordered steps (Write.Related): where the
// lease was taken, each call of the package that carried it into the
// function that writes (Lease.Steps), the implementation an interface call
// resolved to, where a helper of another package makes its write
// (FuncFact.WriteAt), then the token's origin or the probe. The rule
// analyzers turn the steps into Related positions, which every output
// format shows in order.

// maxSteps bounds the calls recorded on the way from an acquisition to a
// write, so deep call chains keep findings and facts small.
const maxSteps = 8

// withCall returns the lease as seen from a function that instr calls
// under it: the same acquisition, one call step longer.
func withCall(l Lease, instr ssa.Instruction, callee string) Lease {
	if len(l.Steps) >= maxSteps {
		return l
	}
	steps := make([]Related, len(l.Steps), len(l.Steps)+1)
	copy(steps, l.Steps)
	l.Steps = append(steps, Related{Pos: instr.Pos(), Message: "calls " + callee + " under the lease"})
	return l
}

// siteOf returns where an instruction is, as "file:line:col" for facts.
func (m *model) siteOf(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := m.pass.Fset.Position(pos)
	return p.Filename + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}

// splitSite parses "file:line:col".
func splitSite(site string) (file string, line, col int, ok bool) {
	i := strings.LastIndexByte(site, ':')
	if i < 0 {
		return "", 0, 0, false
	}
	j := strings.LastIndexByte(site[:i], ':')
	if j < 0 {
		return "", 0, 0, false
	}
	line, err1 := strconv.Atoi(site[j+1 : i])
	col, err2 := strconv.Atoi(site[i+1:])
	if err1 != nil || err2 != nil || line < 1 || col < 1 {
		return "", 0, 0, false
	}
	return site[:j], line, col, true
}

// shortSite returns "file.go:line" of a site, for messages (the site
// itself when it is not "file:line:col").
func shortSite(site string) string {
	file, line, _, ok := splitSite(site)
	if !ok {
		return site
	}
	return filepath.Base(file) + ":" + strconv.Itoa(line)
}

// noteWriteSite records where the write that fi's fact path ends in is
// made; the first record wins.
func (m *model) noteWriteSite(fi *funcInfo, site string) {
	if site == "" {
		return
	}
	if m.writeSites == nil {
		m.writeSites = make(map[*funcInfo]string)
	}
	if _, ok := m.writeSites[fi]; !ok {
		m.writeSites[fi] = site
	}
}

// resolveSite returns the position of a site recorded by another
// package's fact, when the file is in the file set: always under the
// go/packages driver; under go vet only as far as the export data
// described the file. It returns NoPos otherwise.
func (m *model) resolveSite(site string) token.Pos {
	file, line, col, ok := splitSite(site)
	if !ok {
		return token.NoPos
	}
	found := m.fileNamed(file)
	if found == nil || line > found.LineCount() {
		return token.NoPos
	}
	start := found.LineStart(line)
	end := token.Pos(found.Base() + found.Size())
	if line < found.LineCount() {
		end = found.LineStart(line + 1)
	}
	if p := start + token.Pos(col-1); p < end {
		return p
	}
	return start
}

// fileNamed returns the file of the file set with that name, or nil. The
// file set can hold every file of the program (go/packages driver), so it
// is indexed once per package, on the first site that needs it.
func (m *model) fileNamed(name string) *token.File {
	if m.files == nil {
		m.files = make(map[string]*token.File)
		m.pass.Fset.Iterate(func(f *token.File) bool {
			if _, seen := m.files[f.Name()]; !seen {
				m.files[f.Name()] = f
			}
			return true
		})
	}
	return m.files[name]
}

// pathSteps returns the steps of a write through another package's helper
// (or an interface): the implementation an interface call resolved to and
// where the helper writes. fallback is the position used when the write's
// file is not in the file set; the message then names the file and line.
func (m *model) pathSteps(o *op) []Related {
	var steps []Related
	if o.implPos.IsValid() && len(o.via) > 1 {
		steps = append(steps, Related{Pos: o.implPos, Message: o.via[0] + " resolves to " + o.via[1]})
	}
	fallback := o.instr.Pos()
	if o.implPos.IsValid() {
		fallback = o.implPos
	}
	if step, ok := m.writeStep(o.via, o.writeAt, fallback); ok {
		steps = append(steps, step)
	}
	return steps
}

// writeStep returns the step of a fact path's final write made at site;
// fallback is its position when the site's file is not in the file set
// (the message then names the file and line).
func (m *model) writeStep(path []string, site string, fallback token.Pos) (Related, bool) {
	if site == "" || len(path) == 0 {
		return Related{}, false
	}
	last, target, _ := strings.Cut(path[len(path)-1], " ")
	msg := "the write: " + last
	if target != "" {
		msg += " on " + target
	}
	pos := m.resolveSite(site)
	if !pos.IsValid() {
		pos = fallback
		msg += " at " + shortSite(site)
	}
	return Related{Pos: pos, Message: msg}, true
}
