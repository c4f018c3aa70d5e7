// Package kerr synthesizes the part of github.com/twmb/franz-go/pkg/kerr that fencecheck's tests need, with the real signatures.
package kerr

type Error struct {
	Message     string
	Code        int16
	Retriable   bool
	Description string
}

func (e *Error) Error() string { return "" }

var (
	InvalidProducerEpoch = &Error{"INVALID_PRODUCER_EPOCH", 47, false, "Producer attempted an operation with an old epoch."}
	ProducerFenced       = &Error{"PRODUCER_FENCED", 90, false, "There is a newer producer with the same transactionalId which fences the current one."}
)
