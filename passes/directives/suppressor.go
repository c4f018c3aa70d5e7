package directives

import (
	"go/token"
	"sync"
)

// A Suppressor applies the ignore directives of one rule during one run of
// a rule analyzer. Each analyzer makes its own with [Result.NewSuppressor];
// a Suppressor is safe for concurrent use.
type Suppressor struct {
	fset    *token.FileSet
	ignores []Ignore           // of the rule, in source order
	byLine  map[fileLine][]int // indexes into ignores

	mu   sync.Mutex
	used []bool // parallel to ignores
}

// A fileLine identifies a line of a file.
type fileLine struct {
	file string
	line int
}

// NewSuppressor returns a Suppressor for the ignore directives of rule.
// fset is the file set of the analyzed package.
func (r *Result) NewSuppressor(rule string, fset *token.FileSet) *Suppressor {
	igs := r.Ignores(rule)
	s := &Suppressor{
		fset:    fset,
		ignores: igs,
		byLine:  make(map[fileLine][]int, len(igs)),
		used:    make([]bool, len(igs)),
	}
	for i, ig := range igs {
		key := fileLine{ig.File, ig.Line}
		s.byLine[key] = append(s.byLine[key], i)
	}
	return s
}

// Suppressed reports whether an ignore directive of the rule covers the
// line of pos, and if so marks the directive used. A directive covers every
// finding of its rule on its line.
func (s *Suppressor) Suppressed(pos token.Pos) bool {
	if len(s.ignores) == 0 || !pos.IsValid() {
		return false
	}
	tf := s.fset.File(pos)
	if tf == nil {
		return false
	}
	idx := s.byLine[fileLine{tf.Name(), tf.Line(pos)}]
	if len(idx) == 0 {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, i := range idx {
		s.used[i] = true
	}
	return true
}

// Unused returns the ignore directives of the rule that have suppressed
// nothing so far, in source order.
func (s *Suppressor) Unused() []Ignore {
	s.mu.Lock()
	defer s.mu.Unlock()
	var unused []Ignore
	for i, ig := range s.ignores {
		if !s.used[i] {
			unused = append(unused, ig)
		}
	}
	return unused
}
