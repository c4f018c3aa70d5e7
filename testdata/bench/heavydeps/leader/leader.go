// Package leader runs a reconciler under client-go leader election and
// keeps a shared informer of config maps.
package leader

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

// Run campaigns for the lock and, while leading, records the reconcile
// time in a config map.
func Run(ctx context.Context, cs kubernetes.Interface, id string) {
	factory := informers.NewSharedInformerFactory(cs, time.Minute)
	cms := factory.Core().V1().ConfigMaps().Lister()
	lock := &resourcelock.LeaseLock{
		LeaseMeta:  metav1.ObjectMeta{Name: "svc", Namespace: "default"},
		Client:     cs.CoordinationV1(),
		LockConfig: resourcelock.ResourceLockConfig{Identity: id},
	}
	leaderelection.RunOrDie(ctx, leaderelection.LeaderElectionConfig{
		Lock:          lock,
		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(ctx context.Context) {
				cm, err := cms.ConfigMaps("default").Get("svc")
				if err != nil {
					return
				}
				cm = cm.DeepCopy()
				cm.Data = map[string]string{"reconciled": time.Now().String()}
				_, _ = cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{})
			},
			OnStoppedLeading: func() {},
		},
	})
}
