// Package textphis returns a string assigned on many paths of nested
// loops, whose phis the text resolution meets at every level: resolved
// once per phi, it stays cheap.
package textphis

import (
	"database/sql"
	"strings"
)

// Spec is a parsed header value.
type Spec struct {
	Value string
	Q     float64
}

// Negotiate picks the best offer, assigning it in several branches of a
// loop nested in a loop.
func Negotiate(specs []Spec, offers []string, defaultOffer string) string {
	bestOffer := defaultOffer
	bestQ := -1.0
	bestWild := 3
	for _, offer := range offers {
		for _, spec := range specs {
			switch {
			case spec.Q == 0.0:
			case spec.Q < bestQ:
			case spec.Value == "*/*":
				if spec.Q > bestQ || bestWild > 2 {
					bestQ, bestWild, bestOffer = spec.Q, 2, offer
				}
			case strings.HasSuffix(spec.Value, "/*"):
				if strings.HasPrefix(offer, spec.Value[:len(spec.Value)-1]) && (spec.Q > bestQ || bestWild > 1) {
					bestQ, bestWild, bestOffer = spec.Q, 1, offer
				}
			default:
				if spec.Value == offer && (spec.Q > bestQ || bestWild > 0) {
					bestQ, bestWild, bestOffer = spec.Q, 0, offer
				}
			}
		}
		for _, spec := range specs {
			if spec.Q > bestQ {
				bestOffer = offer + ";" + bestOffer
			} else if spec.Q == bestQ {
				bestOffer = bestOffer + "," + offer
			}
		}
	}
	return bestOffer
}

// Run runs the negotiated text: its text is not known statically, so the
// call is not judged.
func Run(db *sql.DB, specs []Spec, offers []string) {
	db.Exec(Negotiate(specs, offers, "UPDATE t SET a = 1"))
}
