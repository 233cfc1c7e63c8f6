	.file	"edge.c"
	.text
	.p2align 4
	.globl	spinner
	.type	spinner, @function
spinner:
.LFB_spinner:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
#APP
# 26 "edge.c" 1
1:	lock; xaddl %eax, shared(%rip)
	jne 1b
spin_here:
	pause
	jmp spin_here
	call	__tsan_read8@PLT
# 0 "" 2
#NO_APP
.L2:
	leaq	shared(%rip), %rdi
	call	__tsan_read8@PLT
	movq	shared(%rip), %rax
	addq	$1, %rax
	cmpq	$100, %rax
	jne	.L2
	call	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	spinner, .-spinner
	.local	shared
	.comm	shared,8,8
	.section	.note.GNU-stack,"",@progbits
