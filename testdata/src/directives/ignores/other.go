// This file's line 8 holds a write that the ignore on line 8 of
// ignores.go must not suppress.
package ignores

func h() {
	_ = 1
	_ = 2
	write() // want `^unfenced: write$`
}
