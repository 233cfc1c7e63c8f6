	.file	"reader_writer.c"
	.text
	.p2align 4
	.type	begin, @function
begin:
.LFB24:
	.cfi_startproc
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	movq	%rdi, %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	leaq	ready(%rip), %rbx
	subq	$32, %rsp
	.cfi_def_cfa_offset 64
	movq	56(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movl	$5, %edx
	movl	$1, %esi
	movq	%rbx, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	.p2align 4,,10
	.p2align 3
.L2:
	movl	$5, %esi
	movq	%rbx, %rdi
	call	__tsan_atomic32_load@PLT
	cmpl	$1, %eax
	jle	.L2
	leaq	16(%rsp), %rbx
	movl	$1, %edi
	leaq	24(%rsp), %r12
	movq	%rbx, %rsi
	call	clock_gettime@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	pxor	%xmm1, %xmm1
	movq	%r12, %rdi
	cvtsi2sdq	16(%rsp), %xmm1
	movsd	%xmm1, 8(%rsp)
	call	__tsan_read8@PLT
	pxor	%xmm0, %xmm0
	movq	%rbp, %rdi
	cvtsi2sdq	24(%rsp), %xmm0
	divsd	.LC0(%rip), %xmm0
	addsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_write8@PLT
	movsd	8(%rsp), %xmm0
	movq	%rbx, %rsi
	movl	$3, %edi
	movsd	%xmm0, 0(%rbp)
	call	clock_gettime@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	pxor	%xmm2, %xmm2
	movq	%r12, %rdi
	cvtsi2sdq	16(%rsp), %xmm2
	movsd	%xmm2, 8(%rsp)
	call	__tsan_read8@PLT
	pxor	%xmm0, %xmm0
	leaq	8(%rbp), %rdi
	cvtsi2sdq	24(%rsp), %xmm0
	divsd	.LC0(%rip), %xmm0
	addsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_write8@PLT
	movsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rbp)
	addq	$32, %rsp
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE24:
	.size	begin, .-begin
	.p2align 4
	.type	writer, @function
writer:
.LFB26:
	.cfi_startproc
	pushq	%r13
	.cfi_def_cfa_offset 16
	.cfi_offset 13, -16
	pushq	%r12
	.cfi_def_cfa_offset 24
	.cfi_offset 12, -24
	leaq	rounds(%rip), %r12
	pushq	%rbp
	.cfi_def_cfa_offset 32
	.cfi_offset 6, -32
	movq	%rdi, %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 40
	.cfi_offset 3, -40
	subq	$40, %rsp
	.cfi_def_cfa_offset 80
	movq	72(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rdi
	call	begin
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, rounds(%rip)
	jle	.L7
	xorl	%ebx, %ebx
	leaq	sh(%rip), %r13
	.p2align 4,,10
	.p2align 3
.L8:
	xorl	%edx, %edx
	movl	$1, %esi
	movq	%r13, %rdi
	addq	$1, %rbx
	call	__tsan_atomic64_fetch_add@PLT
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	cmpq	%rbx, rounds(%rip)
	jg	.L8
.L7:
	leaq	16(%rsp), %rbx
	movl	$3, %edi
	leaq	24(%rsp), %r12
	movq	%rbx, %rsi
	leaq	8(%rbp), %r13
	call	clock_gettime@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	pxor	%xmm1, %xmm1
	movq	%r12, %rdi
	cvtsi2sdq	16(%rsp), %xmm1
	movsd	%xmm1, 8(%rsp)
	call	__tsan_read8@PLT
	pxor	%xmm0, %xmm0
	movq	%r13, %rdi
	cvtsi2sdq	24(%rsp), %xmm0
	divsd	.LC0(%rip), %xmm0
	addsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_read8@PLT
	movsd	8(%rsp), %xmm0
	subsd	8(%rbp), %xmm0
	movq	%r13, %rdi
	movsd	%xmm0, 8(%rsp)
	call	__tsan_write8@PLT
	movsd	8(%rsp), %xmm0
	movq	%rbx, %rsi
	movl	$1, %edi
	movsd	%xmm0, 8(%rbp)
	call	clock_gettime@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	pxor	%xmm2, %xmm2
	movq	%r12, %rdi
	cvtsi2sdq	16(%rsp), %xmm2
	movsd	%xmm2, 8(%rsp)
	call	__tsan_read8@PLT
	pxor	%xmm0, %xmm0
	movq	%rbp, %rdi
	cvtsi2sdq	24(%rsp), %xmm0
	divsd	.LC0(%rip), %xmm0
	addsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_read8@PLT
	movsd	8(%rsp), %xmm0
	subsd	0(%rbp), %xmm0
	movq	%rbp, %rdi
	movsd	%xmm0, 8(%rsp)
	call	__tsan_write8@PLT
	movsd	8(%rsp), %xmm0
	movsd	%xmm0, 0(%rbp)
	call	__tsan_func_exit@PLT
	addq	$40, %rsp
	.cfi_def_cfa_offset 40
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 32
	popq	%rbp
	.cfi_def_cfa_offset 24
	popq	%r12
	.cfi_def_cfa_offset 16
	popq	%r13
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE26:
	.size	writer, .-writer
	.p2align 4
	.type	reader, @function
reader:
.LFB27:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	movq	%rdi, %r12
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$40, %rsp
	.cfi_def_cfa_offset 96
	movq	88(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%r12, %rdi
	call	begin
	leaq	rounds(%rip), %rdi
	call	__tsan_read8@PLT
	movq	rounds(%rip), %r13
	testq	%r13, %r13
	jle	.L14
	xorl	%r14d, %r14d
	xorl	%ebp, %ebp
	leaq	64+sh(%rip), %r15
	.p2align 4,,10
	.p2align 3
.L13:
	movq	%r15, %rdi
	addq	$1, %r14
	call	__tsan_read8@PLT
	leaq	72+sh(%rip), %rdi
	movq	64+sh(%rip), %rbx
	call	__tsan_read8@PLT
	movq	72+sh(%rip), %rdx
	imulq	%rdx, %rbx
	addq	%rbx, %rbp
	cmpq	%r13, %r14
	jne	.L13
.L12:
	leaq	16(%rsp), %rbx
	movl	$3, %edi
	leaq	24(%rsp), %r13
	movq	%rbx, %rsi
	leaq	8(%r12), %r14
	call	clock_gettime@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	pxor	%xmm1, %xmm1
	movq	%r13, %rdi
	cvtsi2sdq	16(%rsp), %xmm1
	movsd	%xmm1, 8(%rsp)
	call	__tsan_read8@PLT
	pxor	%xmm0, %xmm0
	movq	%r14, %rdi
	cvtsi2sdq	24(%rsp), %xmm0
	divsd	.LC0(%rip), %xmm0
	addsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_read8@PLT
	movsd	8(%rsp), %xmm0
	movq	%r14, %rdi
	subsd	8(%r12), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_write8@PLT
	movsd	8(%rsp), %xmm0
	movq	%rbx, %rsi
	movl	$1, %edi
	movsd	%xmm0, 8(%r12)
	call	clock_gettime@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	pxor	%xmm2, %xmm2
	movq	%r13, %rdi
	cvtsi2sdq	16(%rsp), %xmm2
	movsd	%xmm2, 8(%rsp)
	call	__tsan_read8@PLT
	pxor	%xmm0, %xmm0
	movq	%r12, %rdi
	cvtsi2sdq	24(%rsp), %xmm0
	divsd	.LC0(%rip), %xmm0
	addsd	8(%rsp), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_read8@PLT
	movsd	8(%rsp), %xmm0
	movq	%r12, %rdi
	subsd	(%r12), %xmm0
	movsd	%xmm0, 8(%rsp)
	call	__tsan_write8@PLT
	movsd	8(%rsp), %xmm0
	movsd	%xmm0, (%r12)
	call	__tsan_func_exit@PLT
	addq	$40, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 56
	movq	%rbp, %rax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
	.p2align 4,,10
	.p2align 3
.L14:
	.cfi_restore_state
	xorl	%ebp, %ebp
	jmp	.L12
	.cfi_endproc
.LFE27:
	.size	reader, .-reader
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align 8
.LC2:
	.string	"reader %.4f %.4f writer %.4f %.4f\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB28:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	movq	%rsi, %r15
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	movl	%edi, %ebx
	subq	$88, %rsp
	.cfi_def_cfa_offset 144
	movq	136(%rsp), %rdi
	leaq	48(%rsp), %rbp
	leaq	56(%rsp), %r13
	leaq	64(%rsp), %r12
	leaq	72(%rsp), %r14
	call	__tsan_func_entry@PLT
	movq	%rbp, %rdi
	call	__tsan_write8@PLT
	movq	%r13, %rdi
	movq	$0x000000000, 48(%rsp)
	call	__tsan_write8@PLT
	movq	%r12, %rdi
	movq	$0x000000000, 56(%rsp)
	call	__tsan_write8@PLT
	movq	%r14, %rdi
	movq	$0x000000000, 64(%rsp)
	call	__tsan_write8@PLT
	movq	$0x000000000, 72(%rsp)
	cmpl	$1, %ebx
	jle	.L18
	leaq	8(%r15), %rdi
	call	__tsan_read8@PLT
	movq	8(%r15), %rdi
	movl	$10, %edx
	xorl	%esi, %esi
	call	strtol@PLT
	leaq	rounds(%rip), %rdi
	movq	%rax, %rbx
	call	__tsan_write8@PLT
	movq	%rbx, rounds(%rip)
.L18:
	leaq	32(%rsp), %r15
	xorl	%esi, %esi
	movq	%rbp, %rcx
	leaq	reader(%rip), %rdx
	movq	%r15, %rdi
	call	pthread_create@PLT
	testl	%eax, %eax
	jne	.L21
	leaq	40(%rsp), %rax
	movq	%r12, %rcx
	leaq	writer(%rip), %rdx
	xorl	%esi, %esi
	movq	%rax, %rdi
	movq	%rax, 8(%rsp)
	call	pthread_create@PLT
	movl	%eax, %ebx
	testl	%eax, %eax
	jne	.L21
	movq	%r15, %rdi
	call	__tsan_read8@PLT
	movq	32(%rsp), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
	movq	8(%rsp), %rdi
	call	__tsan_read8@PLT
	movq	40(%rsp), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
	movq	%r14, %rdi
	call	__tsan_read8@PLT
	movsd	72(%rsp), %xmm3
	movq	%r12, %rdi
	movsd	%xmm3, 24(%rsp)
	call	__tsan_read8@PLT
	movsd	64(%rsp), %xmm2
	movq	%r13, %rdi
	movsd	%xmm2, 16(%rsp)
	call	__tsan_read8@PLT
	movsd	56(%rsp), %xmm1
	movq	%rbp, %rdi
	movsd	%xmm1, 8(%rsp)
	call	__tsan_read8@PLT
	movsd	24(%rsp), %xmm3
	movl	$4, %eax
	movsd	16(%rsp), %xmm2
	movsd	8(%rsp), %xmm1
	movsd	48(%rsp), %xmm0
	leaq	.LC2(%rip), %rdi
	call	printf@PLT
	jmp	.L20
.L21:
	movl	$2, %ebx
.L20:
	call	__tsan_func_exit@PLT
	addq	$88, %rsp
	.cfi_def_cfa_offset 56
	movl	%ebx, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE28:
	.size	main, .-main
	.local	ready
	.comm	ready,4,4
	.data
	.align 8
	.type	rounds, @object
	.size	rounds, 8
rounds:
	.quad	20000000
	.align 64
	.type	sh, @object
	.size	sh, 128
sh:
	.zero	64
	.quad	7
	.quad	3
	.zero	48
	.section	.text.startup
	.p2align 4
	.type	_sub_I_00099_0, @function
_sub_I_00099_0:
.LFB29:
	.cfi_startproc
	jmp	__tsan_init@PLT
	.cfi_endproc
.LFE29:
	.size	_sub_I_00099_0, .-_sub_I_00099_0
	.section	.init_array.00099,"aw"
	.align 8
	.quad	_sub_I_00099_0
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC0:
	.long	0
	.long	1104006501
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
