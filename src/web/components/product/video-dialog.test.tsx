import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VideoDialog } from './video-dialog.tsx';

describe('VideoDialog', () => {
  it('embeds a YouTube link', () => {
    render(<VideoDialog url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Video del Producto' })).toBeInTheDocument();
    expect(screen.getByTitle('Video del Producto')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  });
});
