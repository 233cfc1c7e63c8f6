	.file	"edge.c"
	.text
	.p2align 4
	.globl	reader
	.type	reader, @function
reader:
.LFB_reader:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
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
	.size	reader, .-reader
	.text
	call	__tsan_write4@PLT